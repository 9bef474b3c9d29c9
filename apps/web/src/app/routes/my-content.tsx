import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { cardClass } from '../../components/ui/card.ts';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { AnonymousPosts } from '../../features/anonymity/components/anonymous-posts.tsx';
import { ClaimSection } from '../../features/anonymity/components/claim-section.tsx';
import { MyAnswersList } from '../../features/answers/components/my-answers-list.tsx';
import { DeleteAccount } from '../../features/my-data/components/delete-account.tsx';
import { DownloadData } from '../../features/my-data/components/download-data.tsx';
import { FollowingList } from '../../features/notifications/components/following-list.tsx';
import { MyQuestionsList } from '../../features/questions/components/my-questions-list.tsx';
import { useViewer } from '../../lib/auth.ts';
import { cx } from '../../lib/cx.ts';
import { TEXT, UI } from '../../lib/messages.ts';
import styles from './routes.module.css';

export function MyContentRoute() {
  const viewer = useViewer();
  return (
    <div>
      <title>{`${TEXT.manageMyContent} · ${TEXT.brand}`}</title>
      <h1>{TEXT.manageMyContent}</h1>
      {viewer.loading ? (
        <StatusMessage>{UI.loading}</StatusMessage>
      ) : viewer.userId === null ? (
        <>
          <div className={cx(cardClass, styles.centered)}>
            <p>{UI.pleaseLogIn}</p>
            <Link to="/login" className={buttonClass('primary')}>
              {TEXT.login}
            </Link>
          </div>
          <AnonymousPosts sessionKey={viewer.sessionId} />
          {/* A key may follow questions without having posted. */}
          {viewer.sessionId !== null && (
            <FollowingList key={viewer.sessionId} who={{ key: viewer.sessionId }} />
          )}
          {viewer.sessionId !== null && <DownloadData forKey />}
        </>
      ) : (
        <>
          <div className={styles.columns}>
            <section aria-labelledby="my-questions">
              <h2 id="my-questions">{TEXT.myQuestions}</h2>
              <MyQuestionsList userId={viewer.userId} />
            </section>
            <section aria-labelledby="my-replies">
              <h2 id="my-replies">{TEXT.myReplies}</h2>
              <MyAnswersList />
            </section>
          </div>
          <FollowingList who={{ userId: viewer.userId }} />
          <ClaimSection />
          <DownloadData />
          <DeleteAccount />
        </>
      )}
    </div>
  );
}
