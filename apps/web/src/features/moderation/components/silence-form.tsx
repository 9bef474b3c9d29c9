/**
 * "Silence author" on a post in the queue (admins and moderators): for how many days and
 * why (the author is shown the reason). The server silences whoever wrote the post, an
 * account or an anonymous key, and nobody here learns which.
 */
import { SILENCE_LIMITS } from '@dating/contract';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { FieldFrame, FormActions, FormError, TextAreaField } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { useSilence } from '../api/silences.ts';
import { MODERATION_TEXT } from '../lib/messages.ts';
import styles from './moderation-panels.module.css';

const DAY_CHOICES = [1, 3, 7, 30, 90, 365] as const;

export function SilenceAuthor({
  target,
  title,
}: {
  target: { type: 'question' | 'answer'; id: number };
  /** The post in words, as its card is titled ("Question #12"). */
  title: string;
}) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(7);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const silence = useSilence();
  const toast = useToast();
  const [busy, run] = useSingleFlight();
  const id = useId();

  if (!open) {
    return (
      <button type="button" className={buttonClass('ghost', 'small')} onClick={() => setOpen(true)}>
        {MODERATION_TEXT.silenceAuthor}
      </button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (why === '') return;
    run(async () => {
      setError(null);
      try {
        await silence.mutateAsync({ [target.type]: target.id, days, reason: why });
        toast.success(MODERATION_TEXT.silenced(days));
        setOpen(false);
        setReason('');
      } catch (failure) {
        const detail = failure instanceof ApiError ? failure.detail : undefined;
        setError(detail ?? unlessOffline(failure, MODERATION_TEXT.silenceFailed));
      }
    });
  };
  return (
    <form className={styles.silenceForm} onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={styles.formTitle}>
        {MODERATION_TEXT.silenceTitle(title)}
      </h4>
      <p className={styles.hint}>{MODERATION_TEXT.silenceHint}</p>
      <FieldFrame id={`${id}-days`} label={MODERATION_TEXT.days}>
        <select
          id={`${id}-days`}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {DAY_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </FieldFrame>
      <TextAreaField
        label={MODERATION_TEXT.reason}
        value={reason}
        onChange={setReason}
        rows={2}
        maxLength={SILENCE_LIMITS.reasonMax}
      />
      {error && <FormError>{error}</FormError>}
      <FormActions>
        <button
          type="submit"
          className={buttonClass('danger', 'small')}
          disabled={busy || reason.trim() === ''}
        >
          {MODERATION_TEXT.silence}
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'small')}
          onClick={() => setOpen(false)}
        >
          {MODERATION_TEXT.cancel}
        </button>
      </FormActions>
    </form>
  );
}
