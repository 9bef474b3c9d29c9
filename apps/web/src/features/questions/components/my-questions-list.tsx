/** 'My Questions' on My Content: links to the owner view, labels, likes, and Delete. */
import { myQuestionPath } from '@dating/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import {
  CardListSkeleton,
  cardListClass,
  cardTitleClass,
} from '../../../components/ui/card-list.tsx';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { cx } from '../../../lib/cx.ts';
import { isAuthError, unlessOffline } from '../../../lib/error-messages.ts';
import { excerpt } from '../../../lib/html.ts';
import { postedBy } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { tokens } from '../../../lib/storage.ts';
import { useDeleteQuestion } from '../api/delete-question.ts';
import { useQuestions } from '../api/get-questions.ts';
import styles from './my-questions-list.module.css';

const SNIPPET_LENGTH = 160;

export function MyQuestionsList({ userId }: { userId: number }) {
  const questions = useQuestions({ user_id: userId });
  const remove = useDeleteQuestion();
  const confirm = useConfirm();
  const toast = useToast();
  const [deleting, runDelete] = useSingleFlight();

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
    <PagedList
      query={questions}
      placeholder={<CardListSkeleton lines={[undefined, '60%', '40%']} />}
      errorMessage={(error) => (isAuthError(error) ? MSG.notAuthorized : MSG.loadContentFailed)}
      empty={UI.noQuestionsYet}
    >
      {(items) => (
        <ul className={cardListClass}>
          {items.map((question) => (
            <li key={question.id} className={cardClass}>
              <Link to={myQuestionPath(question.id)} className={cardTitleClass}>
                {excerpt(question.text, SNIPPET_LENGTH)}
              </Link>
              <div className={styles.footer}>
                <MetaLine>
                  <span>{postedBy(question)}</span>
                  <span>{TEXT.likeCount(question.likes)}</span>
                  <span>{TEXT.replyCount(question.answer_count)}</span>
                </MetaLine>
                {question.can.delete && (
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
      )}
    </PagedList>
  );
}
