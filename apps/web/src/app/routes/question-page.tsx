/** A question with its replies: /questions/:id, and the owner view /my/questions/:id. */
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { cardClass } from '../../components/ui/card.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { SkeletonLine, SkeletonPill } from '../../components/ui/skeleton.tsx';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { ReplyForm } from '../../features/answers/components/reply-form.tsx';
import { ReplyThread } from '../../features/answers/components/reply-thread.tsx';
import { useQuestion } from '../../features/questions/api/get-question.ts';
import { QuestionView } from '../../features/questions/components/question-view.tsx';
import { ReportDialog } from '../../features/reports/components/report-dialog.tsx';
import type { ReportTarget } from '../../features/reports/components/report-target.ts';
import { isNotFound } from '../../lib/error-messages.ts';
import { htmlToText } from '../../lib/html.ts';
import { MSG, TEXT, UI } from '../../lib/messages.ts';
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
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [posted, setPosted] = useState<number | null>(null);
  const onReportAnswer = useCallback(
    (answerId: number) => setReport({ type: 'answer', id: answerId }),
    [],
  );

  const back = (
    <Link to={ownerView ? '/my/content' : '/'}>
      ← {ownerView ? TEXT.backToMyContent : TEXT.backToHome}
    </Link>
  );
  if (!valid || (question.isError && isNotFound(question.error))) {
    return (
      <>
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
  const title = htmlToText(data.text).split('\n')[0]?.slice(0, 70) || TEXT.question;
  return (
    <div className={styles.stack}>
      <title>{`${title} · ${TEXT.brand}`}</title>
      <h1 className="visually-hidden">{title}</h1>
      <QuestionView
        question={data}
        ownerView={ownerView}
        onReport={() => setReport({ type: 'question', id: data.id })}
      />
      <ReplyForm questionId={data.id} onPosted={setPosted} />
      <ReplyThread
        questionId={data.id}
        answers={data.answers}
        ownerPage={ownerView}
        onReport={onReportAnswer}
        revealId={posted}
      />
      <ReportDialog target={report} onClose={() => setReport(null)} />
    </div>
  );
}
