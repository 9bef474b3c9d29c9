/** Register: Username, Password, Confirm Password (and an optional email for login). */
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { type FieldErrors, useForm } from '../../../hooks/use-form.ts';
import { formErrors } from '../../../lib/error-messages.ts';
import { API_TEXT, MSG, TEXT } from '../../../lib/messages.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from './auth-card.tsx';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  password2: string;
}
const FIELDS: readonly (keyof RegisterValues)[] = ['username', 'email', 'password', 'password2'];

function validate(values: RegisterValues): FieldErrors<RegisterValues> {
  const problems: FieldErrors<RegisterValues> = {};
  if (values.username.trim() === '') problems.username = API_TEXT.required;
  if (values.password === '') problems.password = API_TEXT.required;
  if (values.password2 === '') problems.password2 = API_TEXT.required;
  else if (values.password !== values.password2) problems.password2 = MSG.passwordsMismatch;
  return problems;
}

export function RegisterForm() {
  const register = useRegister();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    initialValues: () => ({ username: '', email: '', password: '', password2: '' }),
    validate,
    onSubmit: async (values, { idempotencyKey, setErrors, setFormError }) => {
      try {
        await register.mutateAsync({
          body: {
            username: values.username.trim(),
            password: values.password,
            password2: values.password2,
            ...(values.email.trim() ? { email: values.email.trim() } : {}),
          },
          idempotencyKey,
        });
      } catch (error) {
        const { fields, form: message } = formErrors(error, FIELDS, MSG.registerUnexpected);
        setErrors(fields);
        setFormError(message);
        return false;
      }
      toast.success(MSG.registerSuccess);
      navigate('/login');
      return true;
    },
  });
  const field = (name: keyof RegisterValues) => ({
    value: form.values[name],
    error: form.errors[name],
    onChange: (value: string) => form.setValue(name, value),
  });

  return (
    <AuthCard
      title={TEXT.registerTitle}
      formError={form.formError}
      submitLabel={form.pending ? TEXT.registering : TEXT.register}
      pending={form.pending}
      onSubmit={form.onSubmit}
      footer={
        <>
          {TEXT.haveAccount} <Link to="/login">{TEXT.logInLink}</Link>
        </>
      }
    >
      <TextField label={TEXT.username} autoComplete="username" {...field('username')} />
      <TextField label={TEXT.email} type="email" autoComplete="email" {...field('email')} />
      <TextField
        label={TEXT.password}
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <TextField
        label={TEXT.confirmPassword}
        type="password"
        autoComplete="new-password"
        {...field('password2')}
      />
    </AuthCard>
  );
}
