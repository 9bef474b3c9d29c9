/**
 * 'Leave a Reply': a top-level answer. Empty or blank text is silently not sent (spec §5).
 * The text is this tab's draft for this question until it is posted.
 * On a phone (below 640 px) the form is folded behind a 'Leave a Reply' button, so the
 * replies come first; folding only hides it, so nothing typed is lost. A kept draft opens it.
 * Drawn by the server, it stays disabled until the app has taken the page over; read with
 * scripts off, it says that posting needs them.
 */
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { FormActions } from '../../../components/ui/form.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { usePrepareProofOfWork } from '../../../hooks/use-prepare-proof-of-work.ts';
import { cx } from '../../../lib/cx.ts';
import { draftKeys } from '../../../lib/drafts.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import {
  EMPTY_REPLY,
  type ReplyDraft,
  ReplyFields,
  replyWorthKeeping,
  storedReply,
} from './reply-fields.tsx';
import styles from './reply-form.module.css';
import { ReplyKeptNote } from './reply-kept-note.tsx';
import { useSubmitReply } from './use-submit-reply.ts';

export function ReplyForm({
  questionId,
  onPosted,
}: {
  questionId: number;
  /** The new reply's id, for the thread to show it. */
  onPosted: (answerId: number) => void;
}) {
  const submitReply = useSubmitReply(questionId);
  usePrepareProofOfWork();
  const headingId = useId();
  const formId = useId();
  const key = draftKeys.reply(questionId, null);
  const form = useForm<ReplyDraft>({
    initialValues: () => storedReply(key),
    draftKey: key,
    isDraft: replyWorthKeeping,
    onSubmit: async (values, { idempotencyKey }) => {
      if (values.text.trim() === '') return false;
      const answer = await submitReply(
        values,
        null,
        MSG.replySubmittedSuccessfully,
        idempotencyKey,
      );
      if (!answer) return false;
      // The reply shows before the thread has reloaded, which the post waits for: a next
      // reply typed meanwhile stays (only the text that was sent is cleared).
      form.setValues((current) => (current.text === values.text ? EMPTY_REPLY : current));
      // Shown in the thread; after a reply about a crisis, the support panel beside it.
      onPosted(answer.id);
      return true;
    },
  });
  // Only a phone's layout reads it (CSS). A draft kept from before opens the form once
  // mounted: the page drawn on the server knows no draft, and the first render must match it.
  const [unfolded, setUnfolded] = useState(false);
  // Drawn by the server, the form waits for the app: text typed before would be lost.
  const hydrated = useHydrated();
  const hasDraft = replyWorthKeeping(form.values);
  useEffect(() => {
    if (hasDraft) setUnfolded(true);
  }, [hasDraft]);

  return (
    <section
      className={cx(cardClass, styles.card)}
      aria-labelledby={headingId}
      data-testid="leave-reply"
    >
      <h2 id={headingId} className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={unfolded}
          aria-controls={formId}
          disabled={!hydrated}
          onClick={() => setUnfolded((open) => !open)}
        >
          {TEXT.leaveReply}
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        <span className={styles.title}>{TEXT.leaveReply}</span>
      </h2>
      <noscript>
        <p className={styles.noScripts}>{TEXT.scriptsToReply}</p>
      </noscript>
      <form
        id={formId}
        className={cx(styles.form, !unfolded && styles.folded)}
        noValidate
        onSubmit={form.onSubmit}
      >
        <fieldset className={styles.fields} disabled={!hydrated}>
          <ReplyFields values={form.values} onChange={form.setValue} rows={4} />
          <ReplyKeptNote shown={submitReply.unsent} pending={form.pending} />
          <FormActions>
            <button type="submit" className={buttonClass('primary')} disabled={form.pending}>
              {TEXT.postReply}
            </button>
          </FormActions>
        </fieldset>
      </form>
    </section>
  );
}
