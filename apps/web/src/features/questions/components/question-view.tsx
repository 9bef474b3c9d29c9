/**
 * One question: its text, posted-by label, likes with 'Like this post', Report, the way
 * back and its tags; Edit (in the rich editor, keeping the question's formatting) and Delete
 * for whoever the server says may (`can`: its owner, the account or the anonymous key that
 * asked; an admin may delete).
 */
import type { QuestionDetail } from '@dating/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BackArrow } from '../../../components/ui/back-arrow.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { EditedMark } from '../../../components/ui/edited-mark.tsx';
import { HiddenMarker, HiddenReasonLine } from '../../../components/ui/hidden-marker.tsx';
import { AuthorLabel, LanguageLabel, MetaLine, Yours } from '../../../components/ui/meta-line.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useOptimisticToggle } from '../../../hooks/use-optimistic-toggle.ts';
import { usePrepareProofOfWork } from '../../../hooks/use-prepare-proof-of-work.ts';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { useViewer } from '../../../lib/auth.ts';
import { likeErrorMessage, unlessOffline } from '../../../lib/error-messages.ts';
import { isBlankHtml } from '../../../lib/html.ts';
import { postedBy } from '../../../lib/labels.ts';
import { API_TEXT, MSG, TEXT, UI } from '../../../lib/messages.ts';
import { isOwner } from '../../../lib/ownership.ts';
import { useReported } from '../../../lib/reported.ts';
import { shownAsNotice, useRights } from '../../../lib/rights.ts';
import { getQuestion, questionQueryOptions } from '../api/get-question.ts';
import { useToggleQuestionLike } from '../api/like-question.ts';
import { useUpdateQuestion } from '../api/update-question.ts';
import { cameFromFeed } from '../lib/from-feed.ts';
import { QuestionEdit } from './question-edit.tsx';
import styles from './question-view.module.css';
import { TagList } from './tag-list.tsx';

interface QuestionViewProps {
  question: QuestionDetail;
  onReport: () => void;
  /** The owner view (/my/questions/:id): back to My Content. */
  ownerView?: boolean;
  /** The Follow toggle (the inbox's, composed in by the page). */
  follow?: ReactNode;
}

/**
 * 'Back to Home': opened from the feed, it goes back in history, so the feed comes back
 * with its search, filters and scroll position; otherwise it is a link to '/'.
 */
function BackToHome() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Link
      to="/"
      onClick={(event) => {
        if (!cameFromFeed(location.state) || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        event.preventDefault();
        navigate(-1);
      }}
    >
      <BackArrow /> {TEXT.backToHome}
    </Link>
  );
}

export function QuestionView({ question, onReport, ownerView = false, follow }: QuestionViewProps) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const like = useToggleQuestionLike();
  // A page with like buttons: the first like's challenge is solved before it is pressed.
  usePrepareProofOfWork();
  const update = useUpdateQuestion();
  const likes = useOptimisticToggle({ liked: question.liked, likes: question.likes });
  const [preparing, runPrepare] = useSingleFlight();
  const [saving, runSave] = useSingleFlight();
  const [deleting, runDelete] = useSingleFlight();
  const [editing, setEditing] = useState<string | null>(null);
  // Drawn by the server, the buttons wait for the app (hooks/use-hydrated.ts).
  const hydrated = useHydrated();
  const mine = isOwner(question, viewer);
  const reported = useReported({ type: 'question', id: question.id });
  // What this viewer may do, as the server decided it (a drawn page: a stranger's, until
  // the first read of the page taken over).
  const can = useRights(question);
  // Hidden while moderators review it: only its author and admins get (and see) it whole.
  const hiddenFromMe = shownAsNotice(question, can);
  // The specification shows Delete to the owner (whom alone the server lets edit); an admin,
  // whom the server lets delete any post, gets it in the owner view, not on the public page.

  // A press likes, or takes the like back when it is given; shown at once, undone on failure.
  const onLike = () => {
    if (likes.pending || !requireSession()) return;
    const { liked, likes: count } = likes.shown;
    likes.run({ liked: !liked, likes: Math.max(0, count + (liked ? -1 : 1)) }, async () => {
      try {
        await like.mutateAsync({ id: question.id, liked, sessionId: viewer.sessionId });
        toast.success(liked ? TEXT.likeRemoved : MSG.questionLiked);
      } catch (error) {
        toast.error(
          liked ? unlessOffline(error, TEXT.unlikeFailed) : likeErrorMessage(error, 'question'),
        );
      }
    });
  };

  const startEdit = () =>
    runPrepare(async () => {
      try {
        // Straight from the server, outside the page's cached query: a failure here must
        // not replace the whole page with a load error.
        const fresh = await getQuestion(question.id);
        queryClient.setQueryData(questionQueryOptions(question.id).queryKey, fresh);
        setEditing(fresh.text);
      } catch (error) {
        toast.error(unlessOffline(error, MSG.prepareEditFailed));
      }
    });

  const save = (html: string) =>
    runSave(async () => {
      if (isBlankHtml(html)) {
        toast.error(MSG.questionEditEmpty);
        return;
      }
      try {
        await update.mutateAsync({ id: question.id, text: html });
        toast.success(MSG.questionUpdated);
        setEditing(null);
      } catch (error) {
        toast.error(unlessOffline(error, MSG.updateQuestionFailed));
      }
    });

  const onDelete = () =>
    runDelete(async () => {
      if (!(await confirm(UI.deleteQuestionConfirm))) return;
      try {
        // Loaded only now: a page's Delete is seldom pressed (issue 35's script budget).
        const { removeQuestion } = await import('../api/delete-question.ts');
        await removeQuestion(queryClient, question.id);
        toast.success(MSG.questionDeleted);
        navigate('/');
      } catch (error) {
        toast.error(unlessOffline(error, MSG.deleteQuestionFailed));
      }
    });

  return (
    <article className={cardClass} aria-label={TEXT.question}>
      <div className={styles.backRow}>
        {ownerView ? (
          <Link to="/my/content">
            <BackArrow /> {TEXT.backToMyContent}
          </Link>
        ) : (
          <BackToHome />
        )}
      </div>
      {hiddenFromMe ? (
        <p className={styles.text} data-testid="question-text">
          {API_TEXT.hiddenQuestion}
        </p>
      ) : editing === null ? (
        <SafeHtml
          html={question.text}
          className={styles.text}
          testId="question-text"
          lang={question.language}
        />
      ) : (
        <QuestionEdit
          initialHtml={editing}
          saving={saving}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      <MetaLine>
        <AuthorLabel label={question.author_label} />
        <span>{postedBy(question)}</span>
        <TimeAgo iso={question.created_at} />
        <EditedMark iso={question.edited_at} />
        <LanguageLabel language={question.language} />
        {mine && <Yours>{TEXT.yours}</Yours>}
        {question.hidden && !hiddenFromMe && <HiddenMarker reason={question.hidden_reason} />}
      </MetaLine>
      {question.hidden && <HiddenReasonLine reason={question.hidden_reason} />}
      <TagList tags={question.tags} />
      {!hiddenFromMe && (
        <div className={styles.actions}>
          <button
            type="button"
            className={buttonClass()}
            aria-pressed={likes.shown.liked}
            disabled={!hydrated || likes.pending}
            onClick={onLike}
          >
            <span className={styles.heart} aria-hidden="true">
              ♥
            </span>{' '}
            {TEXT.likeThisPost}
          </button>
          <span className={styles.count} aria-live="polite">
            {TEXT.likeCount(likes.shown.likes)}
          </span>
          {follow}
          {can.report && (
            <button
              type="button"
              className={buttonClass('ghost')}
              disabled={!hydrated || reported}
              onClick={onReport}
            >
              {reported ? TEXT.reported : TEXT.report}
            </button>
          )}
          {editing === null && (
            <>
              {can.edit && (
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  disabled={!hydrated || preparing}
                  onClick={startEdit}
                >
                  {TEXT.edit}
                </button>
              )}
              {(can.edit || ownerView) && can.delete && (
                <button
                  type="button"
                  className={buttonClass('dangerGhost')}
                  disabled={!hydrated || deleting}
                  onClick={onDelete}
                >
                  {TEXT.delete}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </article>
  );
}
