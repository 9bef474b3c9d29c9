/** A question with its replies: /questions/:id, and the owner view /my/questions/:id. */

import { answerOfHash, MY_CONTENT_PATH } from '@dating/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BackArrow } from '../../components/ui/back-arrow.tsx';
import { cardClass } from '../../components/ui/card.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { SkeletonLine, SkeletonPill } from '../../components/ui/skeleton.tsx';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { KeepAccessSlot } from '../../features/anonymity/components/keep-access-slot.tsx';
import { ReplyForm } from '../../features/answers/components/reply-form.tsx';
import { ReplyThread } from '../../features/answers/components/reply-thread.tsx';
import { FollowButton } from '../../features/notifications/components/follow-button.tsx';
import { useReadThread } from '../../features/notifications/lib/read-thread.ts';
import { usePerspectiveThread, useQuestion } from '../../features/questions/api/get-question.ts';
import { PerspectivesBar } from '../../features/questions/components/perspectives-bar.tsx';
import { QuestionUpdates } from '../../features/questions/components/question-updates.tsx';
import { QuestionView } from '../../features/questions/components/question-view.tsx';
import { isPerspective, readPerspective } from '../../features/questions/lib/perspective-params.ts';
import { questionPageTitle, questionTitle } from '../../features/questions/lib/question-title.ts';
import { ReportDialog } from '../../features/reports/components/report-dialog.tsx';
import type { ReportTarget } from '../../features/reports/components/report-target.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { useViewer } from '../../lib/auth.ts';
import { isNotFound } from '../../lib/error-messages.ts';
import { MSG, OUTCOME_UI, perspectiveHeading, TEXT, UI } from '../../lib/messages.ts';
import { isOwner } from '../../lib/ownership.ts';
import { rightsToDraw } from '../../lib/rights.ts';
import { NewRepliesButton, useLiveThread } from './live-thread.tsx';
import styles from './routes.module.css';

/** The question card while it loads; 'Loading…' (spec §2) is there for screen readers. */
function QuestionSkeleton() {
  return (
    <>
      <StatusMessage visuallyHidden>{UI.loading}</StatusMessage>
      <div className={cardClass} aria-hidden="true" data-testid="question-skeleton">
        <SkeletonLine width="25%" />
        <SkeletonLine />
        <SkeletonLine />
        <SkeletonLine width="55%" />
        <SkeletonLine width="35%" />
        <SkeletonPill />
      </div>
    </>
  );
}

export function QuestionPage({ ownerView }: { ownerView: boolean }) {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const question = useQuestion(id);
  const location = useLocation();
  const perspective = useMemo(
    () => readPerspective(new URLSearchParams(location.search)),
    [location.search],
  );
  const filtered = isPerspective(perspective);
  const group = usePerspectiveThread(id, perspective);
  const viewer = useViewer();
  const hydrated = useHydrated();
  const [report, setReport] = useState<ReportTarget | null>(null);
  // The reply to open up, scroll to and focus: one just posted, the one the address points
  // at (a notification's link), or the first of the new replies shown on request.
  const [posted, setPosted] = useState<number | null>(null);
  useEffect(() => {
    const target = answerOfHash(location.hash);
    if (target !== null) setPosted(target);
  }, [location.hash]);
  // A question hidden from the visitor (its notice, nothing they may do) has no thread to watch.
  const hiddenFromViewer = question.data?.hidden === true && !question.data.can.reply;
  const live = useLiveThread(
    id,
    valid && !hiddenFromViewer ? (question.data?.answers ?? null) : null,
  );
  // The thread is open: its notifications are read.
  useReadThread(valid && question.isSuccess ? id : null);
  const onReportAnswer = useCallback(
    (answerId: number) => setReport({ type: 'answer', id: answerId }),
    [],
  );

  const back = (
    <Link to={ownerView ? MY_CONTENT_PATH : '/'}>
      <BackArrow /> {ownerView ? TEXT.backToMyContent : TEXT.backToHome}
    </Link>
  );
  if (!valid || (question.isError && isNotFound(question.error))) {
    return (
      <>
        {/* Else the tab keeps index.html's English title, whatever the page's language. */}
        <title>{`${TEXT.pageNotFound} · ${TEXT.brand}`}</title>
        <StatusMessage>{UI.notFound}</StatusMessage>
        {back}
      </>
    );
  }
  if (question.isPending) return <QuestionSkeleton />;
  if (question.isError) {
    return (
      <>
        <LoadError
          message={MSG.loadQuestionFailed}
          retrying={question.isFetching}
          onRetry={() => void question.refetch()}
        />
        {back}
      </>
    );
  }

  const data = question.data;
  // The asker (signed-in owner or the owning key) marks replies and adds updates.
  const asker = isOwner(data, viewer);
  // Drawn for a stranger until the page is the browser's (lib/rights.ts).
  const replyOpen = rightsToDraw(data, hydrated).reply;
  const title = questionTitle(data.text);
  return (
    <div className={styles.stack}>
      <title>{questionPageTitle(data.text)}</title>
      <h1 className="visually-hidden">{title}</h1>
      <QuestionView
        question={data}
        ownerView={ownerView}
        onReport={() => setReport({ type: 'question', id: data.id })}
        follow={<FollowButton question={data} />}
      />
      <KeepAccessSlot type="question" id={data.id} />
      <QuestionUpdates questionId={data.id} updates={data.updates} asker={asker} />
      {replyOpen && <ReplyForm questionId={data.id} onPosted={setPosted} />}
      <PerspectivesBar perspectives={data.perspectives} perspective={perspective} />
      <NewRepliesButton
        count={live.pending}
        unavailable={live.unavailable}
        onShow={() => void live.showPending().then((first) => first !== null && setPosted(first))}
      />
      {!filtered ? (
        <ReplyThread
          questionId={data.id}
          answers={data.answers}
          answersNext={data.answers_next}
          ownerPage={ownerView}
          askerView={asker}
          onReport={onReportAnswer}
          revealId={posted}
        />
      ) : group.isPending ? (
        <StatusMessage>{UI.loading}</StatusMessage>
      ) : group.isError ? (
        <LoadError
          message={MSG.loadQuestionFailed}
          retrying={group.isFetching}
          onRetry={() => void group.refetch()}
        />
      ) : (
        <ReplyThread
          // A group's replies are a list of their own: paging and opened branches start afresh.
          key={`${perspective.gender ?? ''}|${perspective.age ?? ''}`}
          questionId={data.id}
          answers={group.data.answers}
          answersNext={group.data.answers_next}
          scope={`${perspective.gender ?? ''}|${perspective.age ?? ''}`}
          ownerPage={ownerView}
          askerView={asker}
          heading={perspectiveHeading(perspective.gender, perspective.age)}
          emptyText={OUTCOME_UI.noPerspectiveReplies}
          onReport={onReportAnswer}
          revealId={posted}
        />
      )}
      <ReportDialog target={report} onClose={() => setReport(null)} />
    </div>
  );
}
