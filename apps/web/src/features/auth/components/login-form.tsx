/** Login: 'Username or Email' and Password; an input with '@' is sent as email. */
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { type FieldErrors, useForm } from '../../../hooks/use-form.ts';
import { formErrors } from '../../../lib/error-messages.ts';
import { API_TEXT, MSG, TEXT } from '../../../lib/messages.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';

interface LoginValues {
  login: string;
  password: string;
}

function validate(values: LoginValues): FieldErrors<LoginValues> {
  const missing: FieldErrors<LoginValues> = {};
  if (values.login.trim() === '') missing.login = API_TEXT.required;
  if (values.password === '') missing.password = API_TEXT.required;
  return missing;
}

export function LoginForm() {
  const login = useLogin();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<LoginValues>({
    initialValues: () => ({ login: '', password: '' }),
    validate,
    onSubmit: async (values, { setErrors, setFormError }) => {
      try {
        await login.mutateAsync(values);
      } catch (error) {
        const { fields, form: message } = formErrors(
          error,
          ['username', 'email', 'password'],
          MSG.loginUnexpected,
        );
        const loginError = [fields.username, fields.email].filter(Boolean).join(' ');
        setErrors({
          ...(loginError ? { login: loginError } : {}),
          ...(fields.password ? { password: fields.password } : {}),
        });
        setFormError(message);
        return false;
      }
      toast.success(MSG.loginSuccess);
      navigate('/');
      return true;
    },
  });

  return (
    <AuthCard
      title={TEXT.loginTitle}
      formError={form.formError}
      submitLabel={form.pending ? TEXT.signingIn : TEXT.login}
      pending={form.pending}
      onSubmit={form.onSubmit}
      footer={
        <>
          {TEXT.noAccount} <Link to="/register">{TEXT.registerLink}</Link>
        </>
      }
    >
      <TextField
        label={TEXT.usernameOrEmail}
        value={form.values.login}
        error={form.errors.login}
        autoComplete="username"
        onChange={(value) => form.setValue('login', value)}
      />
      <TextField
        label={TEXT.password}
        type="password"
        value={form.values.password}
        error={form.errors.password}
        autoComplete="current-password"
        onChange={(value) => form.setValue('password', value)}
      />
    </AuthCard>
  );
}
