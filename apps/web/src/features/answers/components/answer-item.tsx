/**
 * One answer: its thread pseudonym and posted-by, text, likes; the owner's '(yours)'; Reply,
 * Report, Edit and Delete as the server says this viewer may (`can`).
 */
import { type AnswerNode, answerAnchor } from '@dating/contract';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { EditedMark } from '../../../components/ui/edited-mark.tsx';
import { HiddenMarker, HiddenReasonLine } from '../../../components/ui/hidden-marker.tsx';
import { InlineEditor } from '../../../components/ui/inline-editor.tsx';
import { AuthorLabel, MetaLine, Yours } from '../../../components/ui/meta-line.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useOptimisticToggle } from '../../../hooks/use-optimistic-toggle.ts';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.ts';
import { cx } from '../../../lib/cx.ts';
import { likeErrorMessage, unlessOffline } from '../../../lib/error-messages.ts';
import { postedBy } from '../../../lib/labels.ts';
import { API_TEXT, MSG, OUTCOME_UI, TEXT, UI } from '../../../lib/messages.ts';
import { isOwner } from '../../../lib/ownership.ts';
import { useReported } from '../../../lib/reported.ts';
import { shownAsNotice, useRights } from '../../../lib/rights.ts';
import { useDeleteAnswer } from '../api/delete-answer.ts';
import { useToggleAnswerLike } from '../api/like-answer.ts';
import { useMarkHelpful } from '../api/mark-helpful.ts';
import { useUpdateAnswer } from '../api/update-answer.ts';
import styles from './answer-item.module.css';
import { NestedReplyForm } from './nested-reply-form.tsx';
import { useThread } from './thread-context.ts';

/** On phones the indentation grows for this many levels; deeper replies show their level. */
export const PHONE_INDENT_LEVELS = 3;

function DepthLine({ depth }: { depth: number }) {
  if (depth < PHONE_INDENT_LEVELS) return null;
  return (
    <p className={styles.depthLine} data-testid="depth-line">
      {TEXT.replyLevel(depth + 1)}
    </p>
  );
}

export function AnswerItem({ answer, depth }: { answer: AnswerNode; depth: number }) {
  const thread = useThread();
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const confirm = useConfirm();
  const like = useToggleAnswerLike();
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const markHelpful = useMarkHelpful();
  const likes = useOptimisticToggle({ liked: answer.liked, likes: answer.likes });
  const helped = useOptimisticToggle(answer.helpful);
  const [saving, runSave] = useSingleFlight();
  const [deleting, runDelete] = useSingleFlight();
  const [editText, setEditText] = useState('');
  // Drawn by the server, the buttons wait for the app (hooks/use-hydrated.ts).
  const hydrated = useHydrated();
  const mine = !answer.is_deleted && isOwner(answer, viewer);
  const reported = useReported({ type: 'answer', id: answer.id });
  const can = useRights(answer);
  const editing = thread.editingId === answer.id;
  const replying = thread.replyingId === answer.id;
  const highlighted = thread.highlightId === answer.id;
  const common = {
    id: answerAnchor(answer.id),
    'data-depth': depth,
    tabIndex: -1,
  };

  if (answer.is_deleted) {
    return (
      <article
        {...common}
        className={cx(styles.answer, styles.deleted)}
        data-testid="answer-deleted"
      >
        <DepthLine depth={depth} />
        <p className={cx(styles.text, styles.muted)}>{answer.text}</p>
      </article>
    );
  }

  if (shownAsNotice(answer, can)) {
    // Hidden while moderators review it: a one-line placeholder; its replies stay in place.
    return (
      <article
        {...common}
        className={cx(styles.answer, styles.deleted)}
        data-testid="answer-hidden"
      >
        <DepthLine depth={depth} />
        <p className={cx(styles.text, styles.muted)}>{API_TEXT.hiddenReply}</p>
      </article>
    );
  }

  // A press likes, or takes the like back when it is given; shown at once, undone on failure.
  const onLike = () => {
    if (likes.pending || !requireSession()) return;
    const { liked, likes: count } = likes.shown;
    likes.run({ liked: !liked, likes: Math.max(0, count + (liked ? -1 : 1)) }, async () => {
      try {
        await like.mutateAsync({
          id: answer.id,
          questionId: thread.questionId,
          liked,
          sessionId: viewer.sessionId,
        });
        toast.success(liked ? TEXT.likeRemoved : MSG.replyLiked);
      } catch (error) {
        toast.error(
          liked ? unlessOffline(error, TEXT.unlikeFailed) : likeErrorMessage(error, 'answer'),
        );
      }
    });
  };

  // Marked (or unmarked) at once, undone on failure.
  const onToggleHelpful = () => {
    const helpful = !helped.shown;
    helped.run(helpful, async () => {
      try {
        await markHelpful.mutateAsync({ id: answer.id, questionId: thread.questionId, helpful });
        toast.success(helpful ? OUTCOME_UI.markedHelpful : OUTCOME_UI.unmarkedHelpful);
      } catch (error) {
        // The server says why (the limit of 3, a hidden reply), else a general failure.
        const detail = error instanceof ApiError ? error.detail : undefined;
        toast.error(unlessOffline(error, detail ?? OUTCOME_UI.helpfulFailed));
      }
    });
  };

  const onSave = () =>
    runSave(async () => {
      if (editText.trim() === '') {
        toast.error(MSG.replyEmpty);
        return;
      }
      try {
        await update.mutateAsync({ id: answer.id, text: editText.trim() });
        toast.success(MSG.replyUpdated);
        thread.setEditingId(null);
      } catch (error) {
        toast.error(unlessOffline(error, MSG.updateReplyFailed));
      }
    });

  const onDelete = () =>
    runDelete(async () => {
      if (!(await confirm(UI.deleteReplyConfirm))) return;
      try {
        await remove.mutateAsync({ id: answer.id, questionId: thread.questionId });
        toast.success(MSG.replyDeleted);
      } catch (error) {
        toast.error(unlessOffline(error, MSG.deleteReplyFailed));
      }
    });

  return (
    <article
      {...common}
      className={cx(styles.answer, highlighted && styles.highlighted)}
      data-highlighted={highlighted || undefined}
      aria-label={postedBy(answer)}
      data-testid="answer"
    >
      <DepthLine depth={depth} />
      <MetaLine className={styles.meta}>
        <AuthorLabel label={answer.author_label} />
        <span>{postedBy(answer)}</span>
        <TimeAgo iso={answer.created_at} />
        <EditedMark iso={answer.edited_at} />
        {mine && <Yours>{TEXT.yours}</Yours>}
        {answer.hidden && <HiddenMarker reason={answer.hidden_reason} />}
        {helped.shown && (
          <span className={styles.helped} data-testid="helped-badge">
            <span aria-hidden="true">✓ </span>
            {OUTCOME_UI.helped}
          </span>
        )}
      </MetaLine>
      {answer.hidden && <HiddenReasonLine reason={answer.hidden_reason} />}
      {editing ? (
        <InlineEditor
          label={TEXT.editReply}
          value={editText}
          rows={4}
          saving={saving}
          onChange={setEditText}
          onSave={onSave}
          onCancel={() => thread.setEditingId(null)}
        />
      ) : (
        <p className={styles.text} data-testid="answer-text">
          {answer.text}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('default', 'small')}
          aria-label={TEXT.likeReply(likes.shown.likes)}
          aria-pressed={likes.shown.liked}
          disabled={!hydrated || likes.pending}
          onClick={onLike}
        >
          <span aria-hidden="true">♥ {TEXT.count(likes.shown.likes)}</span>
        </button>
        {thread.askerView && !mine && (
          <button
            type="button"
            className={buttonClass(helped.shown ? 'primary' : 'default', 'small')}
            aria-pressed={helped.shown}
            disabled={!hydrated || helped.pending}
            onClick={onToggleHelpful}
          >
            {OUTCOME_UI.thisHelped}
          </button>
        )}
        {can.reply && (
          <button
            type="button"
            className={buttonClass('ghost', 'small')}
            aria-expanded={replying}
            disabled={!hydrated}
            onClick={() => thread.toggleReply(answer.id)}
          >
            {TEXT.reply}
          </button>
        )}
        {can.report && (
          <button
            type="button"
            className={buttonClass('ghost', 'small')}
            disabled={!hydrated || reported}
            onClick={() => thread.onReport(answer.id)}
          >
            {reported ? TEXT.reported : TEXT.report}
          </button>
        )}
        {can.edit && !editing && (
          <button
            type="button"
            className={buttonClass('ghost', 'small')}
            disabled={!hydrated}
            onClick={() => {
              setEditText(answer.text);
              thread.setEditingId(answer.id);
            }}
          >
            {TEXT.edit}
          </button>
        )}
        {/* The specification shows Delete to the owner, whom alone the server lets edit
            (an admin may delete any reply, but not from here). */}
        {can.edit && can.delete && !editing && (
          <button
            type="button"
            className={buttonClass('dangerGhost', 'small')}
            disabled={!hydrated || deleting}
            onClick={onDelete}
          >
            {TEXT.delete}
          </button>
        )}
      </div>
      {replying && can.reply && (
        <div className={styles.nestedReply}>
          <NestedReplyForm parentId={answer.id} />
        </div>
      )}
    </article>
  );
}
