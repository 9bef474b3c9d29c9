import type { AnswerWritten, QuestionDetail } from '@dating/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { announceAnonymousPost } from '../../../lib/anonymous-key.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.ts';
import { submitReplyErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { showSupport } from '../../../lib/support-panel.ts';
import { useCreateAnswer } from '../api/create-answer.ts';
import type { ReplyDraft } from './reply-fields.tsx';

/** The server could not be reached (or failed): sending the same reply again may work. */
function worthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Posts a reply with the spec's messages; resolves to the new reply, or null. `unsent` is
 * true after a failure that Retry may mend (for ./reply-kept-note.tsx), until a try succeeds.
 */
export function useSubmitReply(questionId: number) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const create = useCreateAnswer();
  const queryClient = useQueryClient();
  const [unsent, setUnsent] = useState(false);

  const submit = async (
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
      setUnsent(false);
      toast.success(successMessage);
      // A reply about a crisis: the calm panel with support, beside the new reply (the reply
      // is published as usual).
      // Replies carry no language of their own: the thread's, when it is loaded, is the
      // likeliest, and the panel's country follows it.
      const language =
        queryClient.getQueryData<QuestionDetail>(queryKeys.question(questionId))?.language ?? null;
      showSupport(answer.support, { type: 'answer', id: answer.id }, language);
      // Posted with this tab's key: the app offers to keep it ("Keep access to this post").
      if (!viewer.signedIn) announceAnonymousPost({ type: 'answer', id: answer.id });
      return answer;
    } catch (error) {
      toast.error(submitReplyErrorMessage(error));
      setUnsent(worthRetrying(error));
      return null;
    }
  };
  return Object.assign(submit, { unsent });
}
