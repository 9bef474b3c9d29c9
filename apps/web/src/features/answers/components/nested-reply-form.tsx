/**
 * The reply box under an answer. Its text is this tab's draft (by question and answer), so
 * closing the box or leaving the page loses nothing; posting clears it.
 */
import { buttonClass } from '../../../components/ui/button.ts';
import { FormActions } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { usePrepareProofOfWork } from '../../../hooks/use-prepare-proof-of-work.ts';
import { useViewer } from '../../../lib/auth.ts';
import { draftKeys } from '../../../lib/drafts.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { type ReplyDraft, ReplyFields, replyWorthKeeping, storedReply } from './reply-fields.tsx';
import { ReplyKeptNote } from './reply-kept-note.tsx';
import { useThread } from './thread-context.ts';
import { useSubmitReply } from './use-submit-reply.ts';

export function NestedReplyForm({ parentId }: { parentId: number }) {
  const thread = useThread();
  const viewer = useViewer();
  const toast = useToast();
  const submitReply = useSubmitReply(thread.questionId);
  usePrepareProofOfWork();
  const key = draftKeys.reply(thread.questionId, parentId);
  const form = useForm<ReplyDraft>({
    initialValues: () => storedReply(key),
    draftKey: key,
    isDraft: replyWorthKeeping,
    onSubmit: async (values, { idempotencyKey }) => {
      if (values.text.trim() === '') {
        // On the owner page an empty nested reply is silently ignored (spec §5).
        if (!thread.ownerPage) toast.error(MSG.replyEmpty);
        return false;
      }
      if (thread.ownerPage && !viewer.signedIn) {
        toast.error(MSG.signInToReply);
        return false;
      }
      const answer = await submitReply(values, parentId, MSG.replySubmitted, idempotencyKey);
      if (!answer) return false;
      thread.closeReply();
      // Shown in the thread; after a reply about a crisis, the support panel beside it.
      thread.reveal(answer.id);
      return true;
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <ReplyFields values={form.values} onChange={form.setValue} rows={2} autoFocus />
      <ReplyKeptNote shown={submitReply.unsent} pending={form.pending} />
      <FormActions>
        <button type="submit" className={buttonClass('primary')} disabled={form.pending}>
          {TEXT.submitReply}
        </button>
      </FormActions>
    </form>
  );
}
