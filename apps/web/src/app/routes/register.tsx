import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { TEXT } from '../../lib/messages.ts';

export function RegisterRoute() {
  return (
    <div className="page narrow">
      <title>{`${TEXT.registerTitle} · ${TEXT.brand}`}</title>
      <RegisterForm />
    </div>
  );
}
