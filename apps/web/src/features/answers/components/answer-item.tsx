/** One answer: posted-by, text, likes, Reply, Report; the owner's '(yours)', Edit, Delete. */
import type { AnswerNode } from '@dating/contract';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { InlineEditor } from '../../../components/ui/inline-editor.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useViewer } from '../../../lib/auth.ts';
import { likeErrorMessage } from '../../../lib/error-messages.ts';
import { postedBy, timeAgo } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { isOwner } from '../../../lib/ownership.ts';
import { useDeleteAnswer } from '../api/delete-answer.ts';
import { useLikeAnswer } from '../api/like-answer.ts';
import { useUpdateAnswer } from '../api/update-answer.ts';
import { EMPTY_REPLY, ReplyFields } from './reply-fields.tsx';
import { useThread } from './reply-thread.tsx';
import { useSubmitReply } from './use-submit-reply.ts';

export function AnswerItem({ answer, depth }: { answer: AnswerNode; depth: number }) {
  const thread = useThread();
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const confirm = useConfirm();
  const like = useLikeAnswer();
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const reply = useSubmitReply(thread.questionId);
  const [editText, setEditText] = useState('');
  const [draft, setDraft] = useState(EMPTY_REPLY);
  const mine = !answer.is_deleted && isOwner(answer, viewer);
  const editing = thread.editingId === answer.id;
  const replying = thread.replyingId === answer.id;

  if (answer.is_deleted) {
    return (
      <article className="answer answer-deleted" data-depth={depth}>
        <p className="answer-text muted">{answer.text}</p>
      </article>
    );
  }

  const onLike = () =>
    requireSession() &&
    like.mutate(
      { id: answer.id, questionId: thread.questionId, sessionId: viewer.sessionId },
      {
        onSuccess: () => toast.success(MSG.replyLiked),
        onError: (error) => toast.error(likeErrorMessage(error, 'answer')),
      },
    );

  const onSave = () => {
    if (editText.trim() === '') {
      toast.error(MSG.replyEmpty);
      return;
    }
    update.mutate(
      { id: answer.id, text: editText.trim() },
      {
        onSuccess: () => {
          toast.success(MSG.replyUpdated);
          thread.setEditingId(null);
        },
        onError: () => toast.error(MSG.updateReplyFailed),
      },
    );
  };

  const onDelete = async () => {
    if (!(await confirm(UI.deleteReplyConfirm))) return;
    remove.mutate(
      { id: answer.id, questionId: thread.questionId },
      {
        onSuccess: () => toast.success(MSG.replyDeleted),
        onError: () => toast.error(MSG.deleteReplyFailed),
      },
    );
  };

  const onSubmitNested = async () => {
    if (draft.text.trim() === '') {
      // On the owner page an empty nested reply is silently ignored (spec §5).
      if (!thread.ownerPage) toast.error(MSG.replyEmpty);
      return;
    }
    if (thread.ownerPage && !viewer.signedIn) {
      toast.error(MSG.signInToReply);
      return;
    }
    if (await reply.submit(draft, answer.id, MSG.replySubmitted)) {
      setDraft(EMPTY_REPLY);
      thread.closeReply();
    }
  };

  return (
    <article className="answer" data-depth={depth} aria-label={postedBy(answer)}>
      <p className="meta">
        <span>{postedBy(answer)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={answer.created_at}>{timeAgo(answer.created_at)}</time>
        {mine && <span className="yours"> {TEXT.yours}</span>}
      </p>
      {editing ? (
        <InlineEditor
          label={TEXT.editReply}
          value={editText}
          rows={4}
          saving={update.isPending}
          onChange={setEditText}
          onSave={onSave}
          onCancel={() => thread.setEditingId(null)}
        />
      ) : (
        <p className="answer-text">{answer.text}</p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-small like-count"
          aria-label={TEXT.likeReply(answer.likes)}
          disabled={like.isPending}
          onClick={onLike}
        >
          <span aria-hidden="true">♥ {answer.likes}</span>
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          aria-expanded={replying}
          onClick={() => thread.toggleReply(answer.id)}
        >
          {TEXT.reply}
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => thread.onReport(answer.id)}
        >
          {TEXT.report}
        </button>
        {mine && !editing && (
          <>
            <button
              type="button"
              className="button button-small button-ghost"
              onClick={() => {
                setEditText(answer.text);
                thread.setEditingId(answer.id);
              }}
            >
              {TEXT.edit}
            </button>
            <button
              type="button"
              className="button button-small button-danger-ghost"
              onClick={() => void onDelete()}
            >
              {TEXT.delete}
            </button>
          </>
        )}
      </div>
      {replying && (
        <form
          className="nested-reply"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmitNested();
          }}
        >
          <ReplyFields draft={draft} onChange={setDraft} rows={2} autoFocus />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={reply.pending}>
              {TEXT.submitReply}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
