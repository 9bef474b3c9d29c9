import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { TEXT } from '../../lib/messages.ts';
import styles from './routes.module.css';

export function RegisterRoute() {
  return (
    <div className={styles.narrow}>
      <title>{`${TEXT.registerTitle} · ${TEXT.brand}`}</title>
      <RegisterForm />
    </div>
  );
}
