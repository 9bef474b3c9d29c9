/** Login: 'Username or Email' and Password; an input with '@' is sent as email. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { formErrors } from '../../../lib/error-messages.ts';
import { API_MSG, MSG, TEXT } from '../../../lib/messages.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { FormField } from './form-field.tsx';

type Field = 'login' | 'password';

export function LoginForm() {
  const [values, setValues] = useState({ login: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLogin();
  const toast = useToast();
  const navigate = useNavigate();

  const submit = () => {
    const missing: Partial<Record<Field, string>> = {};
    if (values.login.trim() === '') missing.login = API_MSG.required;
    if (values.password === '') missing.password = API_MSG.required;
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    login.mutate(values, {
      onSuccess: () => {
        toast.success(MSG.loginSuccess);
        navigate('/');
      },
      onError: (error) => {
        const { fields, form } = formErrors(
          error,
          ['username', 'email', 'password'],
          MSG.loginUnexpected,
        );
        const loginError = [fields.username, fields.email].filter(Boolean).join(' ');
        setErrors({
          ...(loginError ? { login: loginError } : {}),
          ...(fields.password ? { password: fields.password } : {}),
        });
        setFormError(form);
      },
    });
  };

  return (
    <AuthCard
      title={TEXT.loginTitle}
      formError={formError}
      submitLabel={login.isPending ? TEXT.signingIn : TEXT.login}
      pending={login.isPending}
      onSubmit={submit}
      footer={
        <>
          {TEXT.noAccount} <Link to="/register">{TEXT.registerLink}</Link>
        </>
      }
    >
      <FormField
        label={TEXT.usernameOrEmail}
        value={values.login}
        error={errors.login}
        autoComplete="username"
        onChange={(login) => setValues({ ...values, login })}
      />
      <FormField
        label={TEXT.password}
        type="password"
        value={values.password}
        error={errors.password}
        autoComplete="current-password"
        onChange={(password) => setValues({ ...values, password })}
      />
    </AuthCard>
  );
}
