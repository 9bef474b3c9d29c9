/** A question with its replies: /questions/:id, and the owner view /my/questions/:id. */
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { ReplyForm } from '../../features/answers/components/reply-form.tsx';
import { ReplyThread } from '../../features/answers/components/reply-thread.tsx';
import { useQuestion } from '../../features/questions/api/get-question.ts';
import { QuestionView } from '../../features/questions/components/question-view.tsx';
import {
  ReportDialog,
  type ReportTarget,
} from '../../features/reports/components/report-dialog.tsx';
import { isNotFound } from '../../lib/error-messages.ts';
import { htmlToText } from '../../lib/html.ts';
import { MSG, TEXT, UI } from '../../lib/messages.ts';

export function QuestionPage({ ownerView }: { ownerView: boolean }) {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const question = useQuestion(id);
  const [report, setReport] = useState<ReportTarget | null>(null);
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
  if (question.isPending) return <StatusMessage>{UI.loading}</StatusMessage>;
  if (question.isError) {
    return (
      <>
        <StatusMessage kind="error">{MSG.loadQuestionFailed}</StatusMessage>
        {back}
      </>
    );
  }

  const data = question.data;
  const title = htmlToText(data.text).split('\n')[0]?.slice(0, 70) || TEXT.question;
  return (
    <div className="question-page">
      <title>{`${title} · ${TEXT.brand}`}</title>
      <h1 className="visually-hidden">{title}</h1>
      <QuestionView
        question={data}
        ownerView={ownerView}
        onReport={() => setReport({ type: 'question', id: data.id })}
      />
      <ReplyForm questionId={data.id} />
      <ReplyThread
        questionId={data.id}
        answers={data.answers}
        ownerPage={ownerView}
        onReport={onReportAnswer}
      />
      <ReportDialog target={report} onClose={() => setReport(null)} />
    </div>
  );
}
