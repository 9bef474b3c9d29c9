/**
 * The asker's dated updates, under the question ("Update, 26 Nov 2026: we talked and it went
 * well"), oldest first; and for the asker, while there is room (at most 5), the form to add
 * one. The form is the app's one form approach (hooks/use-form.ts): one request at a time,
 * an Idempotency-Key reused when the same text is retried.
 */
import { LIMITS, type QuestionUpdate } from '@dating/contract';
import { useId } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { FormActions, FormError, TextAreaField } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { postErrorMessage } from '../../../lib/error-messages.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { drawnDay, formatDay } from '../../../lib/labels.ts';
import { OUTCOME_API_MSG, OUTCOME_UI } from '../../../lib/messages.ts';
import { OUTCOME_HINTS } from '../../../lib/outcome-hints.ts';
import { useAddUpdate } from '../api/add-update.ts';
import styles from './question-updates.module.css';

/**
 * An update's day: in UTC and without Intl as the server drew it until the page is the
 * browser's (lib/labels.ts `drawnDay`), then in the browser's zone through Intl.
 */
function UpdateDay({ iso }: { iso: string }) {
  const own = useHydrated();
  const time = new Date(iso).getTime();
  return (
    <time dateTime={iso}>
      {Number.isNaN(time) ? iso : own ? formatDay(time) : drawnDay(time, activeLocale())}
    </time>
  );
}

function AddUpdateForm({ questionId }: { questionId: number }) {
  const toast = useToast();
  const add = useAddUpdate();
  const form = useForm<{ text: string }>({
    initialValues: () => ({ text: '' }),
    validate: ({ text }) => (text.trim() === '' ? { text: OUTCOME_API_MSG.updateEmpty } : {}),
    onSubmit: async ({ text }, { idempotencyKey, setFormError }) => {
      try {
        await add.mutateAsync({ questionId, text: text.trim(), idempotencyKey });
        toast.success(OUTCOME_UI.updatePosted);
        form.reset();
        return true;
      } catch (error) {
        setFormError(postErrorMessage(error, '', OUTCOME_UI.updateFailed));
        return false;
      }
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className={styles.form}>
      <TextAreaField
        label={OUTCOME_UI.updateLabel}
        value={form.values.text}
        rows={3}
        maxLength={LIMITS.updateTextMax}
        onChange={(text) => form.setValue('text', text)}
        testId="update-text"
      />
      {(form.errors.text ?? form.formError) && (
        <FormError>{form.errors.text ?? form.formError}</FormError>
      )}
      <FormActions>
        <button type="submit" className={buttonClass('primary')} disabled={form.pending}>
          {OUTCOME_UI.addUpdate}
        </button>
      </FormActions>
    </form>
  );
}

export function QuestionUpdates({
  questionId,
  updates,
  asker,
}: {
  questionId: number;
  updates: readonly QuestionUpdate[];
  /** The viewer asked this question: they may add updates. */
  asker: boolean;
}) {
  const headingId = useId();
  const room = updates.length < LIMITS.updatesPerQuestionMax;
  if (updates.length === 0 && !asker) return null;
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {OUTCOME_UI.updates}
      </h2>
      <p className={styles.hint} data-testid="updates-hint">
        {OUTCOME_HINTS.updates}
      </p>
      {updates.length > 0 && (
        <ol className={styles.list} data-testid="question-updates">
          {updates.map((update) => (
            <li key={update.id} className={styles.update}>
              <strong>
                {OUTCOME_UI.update}, <UpdateDay iso={update.created_at} />:
              </strong>{' '}
              <span className={styles.text}>{update.text}</span>
            </li>
          ))}
        </ol>
      )}
      {asker && room && <AddUpdateForm questionId={questionId} />}
    </section>
  );
}
