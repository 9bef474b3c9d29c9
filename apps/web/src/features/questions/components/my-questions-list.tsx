/** 'My Questions' on My Content: links to the owner view, labels, likes, and Delete. */
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { SkeletonLine } from '../../../components/ui/skeleton.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { useViewer } from '../../../lib/auth.ts';
import { cx } from '../../../lib/cx.ts';
import { isAuthError, unlessOffline } from '../../../lib/error-messages.ts';
import { excerpt } from '../../../lib/html.ts';
import { postedBy } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { isOwner } from '../../../lib/ownership.ts';
import { tokens } from '../../../lib/storage.ts';
import { useDeleteQuestion } from '../api/delete-question.ts';
import { useQuestions } from '../api/get-questions.ts';
import styles from './my-questions-list.module.css';

const SNIPPET_LENGTH = 160;

function ListSkeleton() {
  return (
    <>
      <StatusMessage visuallyHidden>{UI.loading}</StatusMessage>
      <ul className={styles.list} aria-hidden="true">
        {[0, 1].map((i) => (
          <li key={i} className={cardClass}>
            <SkeletonLine />
            <SkeletonLine width="60%" />
            <SkeletonLine width="40%" />
          </li>
        ))}
      </ul>
    </>
  );
}

export function MyQuestionsList({ userId }: { userId: number }) {
  const viewer = useViewer();
  const questions = useQuestions({ user_id: userId });
  const remove = useDeleteQuestion();
  const confirm = useConfirm();
  const toast = useToast();
  const [deleting, runDelete] = useSingleFlight();

  if (questions.isPending) return <ListSkeleton />;
  if (questions.isError) {
    return (
      <LoadError
        message={isAuthError(questions.error) ? MSG.notAuthorized : MSG.loadContentFailed}
        retrying={questions.isFetching}
        onRetry={() => void questions.refetch()}
      />
    );
  }
  const items = questions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState>
        <p>{UI.noQuestionsYet}</p>
      </EmptyState>
    );
  }

  const onDelete = (id: number) =>
    runDelete(async () => {
      if (!(await confirm(UI.deleteQuestionConfirm))) return;
      if (tokens.access() === null) {
        toast.error(MSG.loginToDelete);
        return;
      }
      try {
        await remove.mutateAsync(id);
        toast.success(MSG.questionDeleted);
      } catch (error) {
        toast.error(
          isAuthError(error) ? MSG.loginToDelete : unlessOffline(error, MSG.deleteQuestionFailed),
        );
      }
    });

  return (
    <>
      <ul className={styles.list}>
        {items.map((question) => (
          <li key={question.id} className={cardClass}>
            <Link to={`/my/questions/${question.id}`} className={styles.link}>
              {excerpt(question.text, SNIPPET_LENGTH)}
            </Link>
            <div className={styles.footer}>
              <MetaLine>
                <span>{postedBy(question)}</span>
                <span>{TEXT.likeCount(question.likes)}</span>
                <span>{TEXT.replyCount(question.answer_count)}</span>
              </MetaLine>
              {isOwner(question, viewer) && (
                <button
                  type="button"
                  className={cx(buttonClass('dangerGhost', 'small'))}
                  disabled={deleting}
                  onClick={() => onDelete(question.id)}
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
