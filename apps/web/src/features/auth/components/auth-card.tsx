/** The frame of the login and register forms: title, form-level error, fields, submit, switch link. */
import { type ReactNode, useId } from 'react';

interface AuthCardProps {
  title: string;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
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
    <section className="card auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        {children}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={pending}>
            {submitLabel}
          </button>
        </div>
      </form>
      <p className="auth-switch">{footer}</p>
    </section>
  );
}
