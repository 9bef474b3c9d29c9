/**
 * The pieces every form is built from: labelled fields with their hint and error (tied to
 * the control by aria-describedby), a row of fields, the form-level error and the actions.
 */
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { cx } from '../../lib/cx.ts';
import styles from './field.module.css';

export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.formError} role="alert">
      {children}
    </p>
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: string | null | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** The ids of a field's hint and error, for the control's aria-describedby. */
export function describedBy(id: string, error?: string | null, hint?: string | null) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldFrame({ id, label, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  maxLength?: number;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  maxLength,
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength?: number;
  autoFocus?: boolean | undefined;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  testId?: string;
}

export function TextAreaField({
  label,
  value,
  onChange,
  rows,
  maxLength,
  autoFocus,
  onKeyDown,
  testId,
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: only for boxes opened on request (Reply, Edit)
        autoFocus={autoFocus}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </FieldFrame>
  );
}
