/** The frame of the login and register forms: title, form-level error, fields, submit, switch link. */
import { type FormEvent, type ReactNode, useId } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { FormActions, FormError } from '../../../components/ui/form.tsx';
import styles from './auth-card.module.css';

interface AuthCardProps {
  title: string;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The line under the form that leads to the other form. */
  footer: ReactNode;
  children: ReactNode;
}

export function AuthCard({
  title,
  formError,
  submitLabel,
  pending,
  onSubmit,
  footer,
  children,
}: AuthCardProps) {
  const titleId = useId();
  return (
    <section className={cardClass} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <form noValidate onSubmit={onSubmit}>
        {formError && <FormError>{formError}</FormError>}
        {children}
        <FormActions>
          <button type="submit" className={buttonClass('primary')} disabled={pending}>
            {submitLabel}
          </button>
        </FormActions>
      </form>
      <p className={styles.switch}>{footer}</p>
    </section>
  );
}
