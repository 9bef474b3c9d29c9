/** Register: Username, Password, Confirm Password (and an optional email for login). */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { formErrors } from '../../../lib/error-messages.ts';
import { API_MSG, MSG, TEXT } from '../../../lib/messages.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from './auth-card.tsx';
import { FormField } from './form-field.tsx';

type Field = 'username' | 'email' | 'password' | 'password2';
const FIELDS: readonly Field[] = ['username', 'email', 'password', 'password2'];

export function RegisterForm() {
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    password2: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const register = useRegister();
  const toast = useToast();
  const navigate = useNavigate();
  const set = (field: Field) => (value: string) => setValues({ ...values, [field]: value });

  const submit = () => {
    const problems: Partial<Record<Field, string>> = {};
    if (values.username.trim() === '') problems.username = API_MSG.required;
    if (values.password === '') problems.password = API_MSG.required;
    if (values.password2 === '') problems.password2 = API_MSG.required;
    else if (values.password !== values.password2) problems.password2 = MSG.passwordsMismatch;
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        password2: values.password2,
        ...(values.email.trim() ? { email: values.email.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success(MSG.registerSuccess);
          navigate('/login');
        },
        onError: (error) => {
          const { fields, form } = formErrors(error, FIELDS, MSG.registerUnexpected);
          setErrors(fields);
          setFormError(form);
        },
      },
    );
  };

  return (
    <AuthCard
      title={TEXT.registerTitle}
      formError={formError}
      submitLabel={register.isPending ? TEXT.registering : TEXT.register}
      pending={register.isPending}
      onSubmit={submit}
      footer={
        <>
          {TEXT.haveAccount} <Link to="/login">{TEXT.logInLink}</Link>
        </>
      }
    >
      <FormField
        label={TEXT.username}
        value={values.username}
        error={errors.username}
        autoComplete="username"
        onChange={set('username')}
      />
      <FormField
        label={TEXT.email}
        type="email"
        value={values.email}
        error={errors.email}
        autoComplete="email"
        onChange={set('email')}
      />
      <FormField
        label={TEXT.password}
        type="password"
        value={values.password}
        error={errors.password}
        autoComplete="new-password"
        onChange={set('password')}
      />
      <FormField
        label={TEXT.confirmPassword}
        type="password"
        value={values.password2}
        error={errors.password2}
        autoComplete="new-password"
        onChange={set('password2')}
      />
    </AuthCard>
  );
}
