import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useViewer } from '../../../lib/auth.ts';
import { submitReplyErrorMessage } from '../../../lib/error-messages.ts';
import { useCreateAnswer } from '../api/create-answer.ts';
import type { ReplyDraft } from './reply-fields.tsx';

/** Posts a reply with the spec's messages; resolves true when it was sent. */
export function useSubmitReply(questionId: number) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const create = useCreateAnswer();

  const submit = (draft: ReplyDraft, parentId: number | null, successMessage: string) =>
    new Promise<boolean>((resolve) => {
      if (!requireSession()) {
        resolve(false);
        return;
      }
      create.mutate(
        {
          questionId,
          body: {
            text: draft.text.trim(),
            gender: draft.gender,
            age_range: draft.age,
            ...(parentId !== null ? { parent_id: parentId } : {}),
            ...(viewer.sessionId ? { session_id: viewer.sessionId } : {}),
          },
        },
        {
          onSuccess: () => {
            toast.success(successMessage);
            resolve(true);
          },
          onError: (error) => {
            toast.error(submitReplyErrorMessage(error));
            resolve(false);
          },
        },
      );
    });

  return { submit, pending: create.isPending };
}
