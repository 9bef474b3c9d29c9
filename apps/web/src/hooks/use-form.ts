/**
 * The one form approach of the app (login, register, ask, report, replies): values in one
 * state, field and form errors, a submit that runs once at a time (a double click sends one
 * request), an Idempotency-Key per action that is reused when the same values are sent again
 * after a failure, and optionally a draft kept in this tab's sessionStorage.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, writeDraft } from '../lib/drafts.ts';
import { createActionKey } from '../lib/idempotency.ts';
import { useSingleFlight } from './use-single-flight.ts';

export type FieldErrors<V> = Partial<Record<Extract<keyof V, string>, string>>;

export interface SubmitContext<V> {
  /** This action's Idempotency-Key (the same when the same values are retried). */
  idempotencyKey: string;
  setErrors: (errors: FieldErrors<V>) => void;
  setFormError: (message: string | null) => void;
}

export interface UseFormOptions<V> {
  /** The first values (read a stored draft here to restore it). */
  initialValues: () => V;
  /** Keeps the values as this tab's draft under this key while they are worth keeping. */
  draftKey?: string | undefined;
  /** Whether the values are worth keeping as a draft (otherwise the stored one goes). */
  isDraft?: (values: V) => boolean;
  /** Checks before sending; any field error stops the submit. */
  validate?: (values: V) => FieldErrors<V>;
  /** Sends the values; resolves true when that succeeded (the draft is then cleared). */
  onSubmit: (values: V, context: SubmitContext<V>) => Promise<boolean>;
}

export function useForm<V extends object>(options: UseFormOptions<V>) {
  const [values, setValuesState] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = useSingleFlight();
  const [actionKey] = useState(createActionKey);
  const latest = useRef({ values, options });
  latest.current = { values, options };

  // The draft follows the values (not every render: a sent form's values stay sent).
  const { draftKey } = options;
  useEffect(() => {
    if (!draftKey) return;
    if (latest.current.options.isDraft?.(values) ?? true) writeDraft(draftKey, values);
    else clearDraft(draftKey);
  }, [draftKey, values]);

  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValuesState((current) => ({ ...current, [key]: value }));
  }, []);

  const submit = useCallback(() => {
    run(async () => {
      const { values: current, options: opts } = latest.current;
      const problems = opts.validate?.(current) ?? {};
      setErrors(problems);
      setFormError(null);
      if (Object.keys(problems).length > 0) return;
      const ok = await opts.onSubmit(current, {
        idempotencyKey: actionKey.for(current),
        setErrors,
        setFormError,
      });
      if (ok) {
        actionKey.done();
        if (opts.draftKey) clearDraft(opts.draftKey);
      }
    });
  }, [run, actionKey]);

  const onSubmit = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      submit();
    },
    [submit],
  );

  /** Back to the given (or first) values, with no errors; the draft follows. */
  const reset = useCallback((next?: V) => {
    setValuesState(next ?? latest.current.options.initialValues());
    setErrors({});
    setFormError(null);
  }, []);

  return {
    values,
    setValue,
    setValues: setValuesState,
    errors,
    formError,
    pending,
    submit,
    onSubmit,
    reset,
  };
}
