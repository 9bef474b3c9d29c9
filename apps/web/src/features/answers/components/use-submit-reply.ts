import type { AnswerWritten } from '@dating/contract';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { announceAnonymousPost } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { submitReplyErrorMessage } from '../../../lib/error-messages.ts';
import { showSupport } from '../../../lib/support-panel.ts';
import { useCreateAnswer } from '../api/create-answer.ts';
import type { ReplyDraft } from './reply-fields.tsx';

/** Posts a reply with the spec's messages; resolves to the new reply, or null. */
export function useSubmitReply(questionId: number) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const create = useCreateAnswer();

  return async (
    draft: ReplyDraft,
    parentId: number | null,
    successMessage: string,
    idempotencyKey: string,
  ): Promise<AnswerWritten | null> => {
    if (!requireSession()) return null;
    try {
      const answer = await create.mutateAsync({
        questionId,
        idempotencyKey,
        body: {
          text: draft.text.trim(),
          gender: draft.gender,
          age_range: draft.age,
          ...(parentId !== null ? { parent_id: parentId } : {}),
          ...(viewer.sessionId ? { session_id: viewer.sessionId } : {}),
        },
      });
      toast.success(successMessage);
      // A reply about a crisis: the calm panel with support, beside the new reply (the reply
      // is published as usual).
      showSupport(answer.support, { type: 'answer', id: answer.id });
      // Posted with this tab's key: the app offers to keep it ("Keep access to this post").
      if (!viewer.signedIn) announceAnonymousPost({ type: 'answer', id: answer.id });
      return answer;
    } catch (error) {
      toast.error(submitReplyErrorMessage(error));
      return null;
    }
  };
}
