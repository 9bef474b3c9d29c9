/** 'My Questions' on My Content: links to the owner view, labels, likes, and Delete. */
import { Link } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useViewer } from '../../../lib/auth.ts';
import { isAuthError } from '../../../lib/error-messages.ts';
import { htmlToText } from '../../../lib/html.ts';
import { postedBy } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { isOwner } from '../../../lib/ownership.ts';
import { tokens } from '../../../lib/storage.ts';
import { useDeleteQuestion } from '../api/delete-question.ts';
import { useQuestions } from '../api/get-questions.ts';

function snippet(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export function MyQuestionsList({ userId }: { userId: number }) {
  const viewer = useViewer();
  const questions = useQuestions({ user_id: userId });
  const remove = useDeleteQuestion();
  const confirm = useConfirm();
  const toast = useToast();

  if (questions.isPending) return <StatusMessage>{UI.loading}</StatusMessage>;
  if (questions.isError) {
    return (
      <StatusMessage kind="error">
        {isAuthError(questions.error) ? MSG.notAuthorized : MSG.loadContentFailed}
      </StatusMessage>
    );
  }
  const items = questions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="empty">{UI.noQuestionsYet}</p>;

  const onDelete = async (id: number) => {
    if (!(await confirm(UI.deleteQuestionConfirm))) return;
    if (tokens.access() === null) {
      toast.error(MSG.loginToDelete);
      return;
    }
    remove.mutate(id, {
      onSuccess: () => toast.success(MSG.questionDeleted),
      onError: (error) =>
        toast.error(isAuthError(error) ? MSG.loginToDelete : MSG.deleteQuestionFailed),
    });
  };

  return (
    <>
      <ul className="content-list">
        {items.map((question) => (
          <li key={question.id} className="card content-item">
            <Link to={`/my/questions/${question.id}`} className="content-link">
              {snippet(question.text)}
            </Link>
            <div className="content-item-footer">
              <p className="meta">
                <span>{postedBy(question)}</span>
                <span aria-hidden="true"> · </span>
                <span>{TEXT.likeCount(question.likes)}</span>
                <span aria-hidden="true"> · </span>
                <span>{TEXT.replyCount(question.answer_count)}</span>
              </p>
              {isOwner(question, viewer) && (
                <button
                  type="button"
                  className="button button-small button-danger-ghost"
                  onClick={() => void onDelete(question.id)}
                >
                  {TEXT.delete}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {questions.hasNextPage && (
        <LoadMore
          loading={questions.isFetchingNextPage}
          onLoad={() => void questions.fetchNextPage()}
        />
      )}
    </>
  );
}
