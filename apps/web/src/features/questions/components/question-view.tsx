/**
 * One question: its text, posted-by label, likes with 'Like this post', Report, the way
 * back and its tags. On the owner view it also has Edit (plain text) and Delete.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { InlineEditor } from '../../../components/ui/inline-editor.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useViewer } from '../../../lib/auth.ts';
import { likeErrorMessage } from '../../../lib/error-messages.ts';
import { htmlToText, textToHtml } from '../../../lib/html.ts';
import { postedBy, timeAgo } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { isOwner } from '../../../lib/ownership.ts';
import { useDeleteQuestion } from '../api/delete-question.ts';
import { getQuestion, type QuestionThread, questionQueryOptions } from '../api/get-question.ts';
import { useLikeQuestion } from '../api/like-question.ts';
import { useUpdateQuestion } from '../api/update-question.ts';
import { TagList } from './tag-list.tsx';

interface QuestionViewProps {
  question: QuestionThread;
  onReport: () => void;
  /** The owner view (/my/questions/:id): Edit and Delete, back to My Content. */
  ownerView?: boolean;
}

export function QuestionView({ question, onReport, ownerView = false }: QuestionViewProps) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const like = useLikeQuestion();
  const update = useUpdateQuestion();
  const remove = useDeleteQuestion();
  const [draft, setDraft] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const mine = isOwner(question, viewer);
  // Questions are edited and deleted by their signed-in owner (spec §6; admins may delete).
  const canEdit = mine && viewer.signedIn;
  const canDelete = canEdit || viewer.isStaff;

  const onLike = () => {
    if (!requireSession()) return;
    like.mutate(
      { id: question.id, sessionId: viewer.sessionId },
      {
        onSuccess: () => toast.success(MSG.questionLiked),
        onError: (error) => toast.error(likeErrorMessage(error, 'question')),
      },
    );
  };

  const startEdit = async () => {
    setPreparing(true);
    try {
      // Straight from the server, outside the page's cached query: a failure here must not
      // replace the whole page with a load error.
      const fresh = await getQuestion(question.id);
      queryClient.setQueryData(questionQueryOptions(question.id).queryKey, fresh);
      setDraft(htmlToText(fresh.text));
    } catch {
      toast.error(MSG.prepareEditFailed);
    } finally {
      setPreparing(false);
    }
  };

  const save = () => {
    if (draft === null) return;
    if (draft.trim() === '') {
      toast.error(MSG.questionEditEmpty);
      return;
    }
    update.mutate(
      { id: question.id, text: textToHtml(draft) },
      {
        onSuccess: () => {
          toast.success(MSG.questionUpdated);
          setDraft(null);
        },
        onError: () => toast.error(MSG.updateQuestionFailed),
      },
    );
  };

  const onDelete = async () => {
    if (!(await confirm(UI.deleteQuestionConfirm))) return;
    remove.mutate(question.id, {
      onSuccess: () => {
        toast.success(MSG.questionDeleted);
        navigate('/');
      },
      onError: () => toast.error(MSG.deleteQuestionFailed),
    });
  };

  return (
    <article className="card question-detail" aria-label={TEXT.question}>
      <div className="back-row">
        {ownerView ? (
          <Link to="/my/content">← {TEXT.backToMyContent}</Link>
        ) : (
          <Link to="/">← {TEXT.backToHome}</Link>
        )}
      </div>
      {draft === null ? (
        <SafeHtml html={question.text} className="question-text" />
      ) : (
        <InlineEditor
          label={TEXT.editQuestion}
          value={draft}
          rows={8}
          saving={update.isPending}
          onChange={setDraft}
          onSave={save}
          onCancel={() => setDraft(null)}
        />
      )}
      <p className="meta">
        <span>{postedBy(question)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={question.created_at}>{timeAgo(question.created_at)}</time>
        {mine && <span className="yours"> {TEXT.yours}</span>}
      </p>
      <TagList tags={question.tags} />
      <div className="actions">
        <button
          type="button"
          className="button like-button"
          disabled={like.isPending}
          onClick={onLike}
        >
          <span aria-hidden="true">♥</span> {TEXT.likeThisPost}
        </button>
        <span className="count" aria-live="polite">
          {TEXT.likeCount(question.likes)}
        </span>
        <button type="button" className="button button-ghost" onClick={onReport}>
          {TEXT.report}
        </button>
        {ownerView && canDelete && draft === null && (
          <>
            {canEdit && (
              <button
                type="button"
                className="button button-ghost"
                disabled={preparing}
                onClick={() => void startEdit()}
              >
                {TEXT.edit}
              </button>
            )}
            <button
              type="button"
              className="button button-danger-ghost"
              onClick={() => void onDelete()}
            >
              {TEXT.delete}
            </button>
          </>
        )}
        {!ownerView && canEdit && (
          <Link className="button button-ghost" to={`/my/questions/${question.id}`}>
            {TEXT.manageQuestion}
          </Link>
        )}
      </div>
    </article>
  );
}
