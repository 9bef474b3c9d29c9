/** 'My Replies' on My Content: each links to its question with the question text. */
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { isAuthError } from '../../../lib/error-messages.ts';
import { postedBy } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { useMyAnswers } from '../api/get-my-answers.ts';

export function MyAnswersList() {
  const answers = useMyAnswers();
  if (answers.isPending) return <StatusMessage>{UI.loading}</StatusMessage>;
  if (answers.isError) {
    return (
      <StatusMessage kind="error">
        {isAuthError(answers.error) ? MSG.notAuthorized : MSG.loadContentFailed}
      </StatusMessage>
    );
  }
  if (answers.data.length === 0) return <p className="empty">{UI.noReplies}</p>;
  return (
    <ul className="content-list">
      {answers.data.map((answer) => (
        <li key={answer.id} className="card content-item">
          <Link to={`/questions/${answer.question}`} className="content-link">
            {answer.question_text}
          </Link>
          <p className="answer-text">{answer.text}</p>
          <p className="meta">
            <span>{postedBy(answer)}</span>
            <span aria-hidden="true"> · </span>
            <span>{TEXT.likeCount(answer.likes)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
