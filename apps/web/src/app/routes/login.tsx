import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { TEXT } from '../../lib/messages.ts';
import styles from './routes.module.css';

export function LoginRoute() {
  return (
    <div className={styles.narrow}>
      <title>{`${TEXT.loginTitle} · ${TEXT.brand}`}</title>
      <LoginForm />
    </div>
  );
}
