/** 'My Replies' on My Content: each links to its question with the question text. */
import { questionPath } from '@dating/contract';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import {
  CardListSkeleton,
  cardListClass,
  cardTitleClass,
} from '../../../components/ui/card-list.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { isAuthError } from '../../../lib/error-messages.ts';
import { postedBy } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { useMyAnswers } from '../api/get-my-answers.ts';
import styles from './my-answers-list.module.css';

export function MyAnswersList() {
  const answers = useMyAnswers();
  if (answers.isPending) {
    return <CardListSkeleton lines={['70%', undefined, '40%']} />;
  }
  if (answers.isError) {
    return (
      <LoadError
        message={isAuthError(answers.error) ? MSG.notAuthorized : MSG.loadContentFailed}
        retrying={answers.isFetching}
        onRetry={() => void answers.refetch()}
      />
    );
  }
  if (answers.data.length === 0) {
    return (
      <EmptyState>
        <p>{UI.noReplies}</p>
      </EmptyState>
    );
  }
  return (
    <ul className={cardListClass}>
      {answers.data.map((answer) => (
        <li key={answer.id} className={cardClass}>
          <Link to={questionPath(answer.question)} className={cardTitleClass}>
            {answer.question_text}
          </Link>
          <p className={styles.text}>{answer.text}</p>
          <MetaLine>
            <span>{postedBy(answer)}</span>
            <span>{TEXT.likeCount(answer.likes)}</span>
          </MetaLine>
        </li>
      ))}
    </ul>
  );
}
