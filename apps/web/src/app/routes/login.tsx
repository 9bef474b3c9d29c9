import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { TEXT } from '../../lib/messages.ts';

export function LoginRoute() {
  return (
    <div className="page narrow">
      <title>{`${TEXT.loginTitle} · ${TEXT.brand}`}</title>
      <LoginForm />
    </div>
  );
}
