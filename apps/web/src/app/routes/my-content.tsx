import { Link } from 'react-router';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { MyAnswersList } from '../../features/answers/components/my-answers-list.tsx';
import { MyQuestionsList } from '../../features/questions/components/my-questions-list.tsx';
import { useViewer } from '../../lib/auth.ts';
import { TEXT, UI } from '../../lib/messages.ts';

export function MyContentRoute() {
  const viewer = useViewer();
  return (
    <div className="page">
      <title>{`${TEXT.manageMyContent} · ${TEXT.brand}`}</title>
      <h1>{TEXT.manageMyContent}</h1>
      {viewer.loading ? (
        <StatusMessage>{UI.loading}</StatusMessage>
      ) : viewer.userId === null ? (
        <div className="card empty-card">
          <p>{UI.pleaseLogIn}</p>
          <Link to="/login" className="button button-primary">
            {TEXT.login}
          </Link>
        </div>
      ) : (
        <div className="content-columns">
          <section aria-labelledby="my-questions">
            <h2 id="my-questions">{TEXT.myQuestions}</h2>
            <MyQuestionsList userId={viewer.userId} />
          </section>
          <section aria-labelledby="my-replies">
            <h2 id="my-replies">{TEXT.myReplies}</h2>
            <MyAnswersList />
          </section>
        </div>
      )}
    </div>
  );
}
