import type { QuestionSummary } from '@dating/contract';
import { Link } from 'react-router';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { postedBy, timeAgo } from '../../../lib/labels.ts';
import { TEXT } from '../../../lib/messages.ts';
import { TagList } from './tag-list.tsx';

export function QuestionCard({
  question,
  onTag,
}: {
  question: QuestionSummary;
  onTag?: (name: string) => void;
}) {
  return (
    <article className="card question-card">
      <SafeHtml html={question.text} className="clamped" />
      <p className="meta">
        <span>{postedBy(question)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={question.created_at}>{timeAgo(question.created_at)}</time>
      </p>
      <TagList tags={question.tags} onTag={onTag} />
      <div className="card-footer">
        <span className="count">
          <span aria-hidden="true">♥ </span>
          {TEXT.likeCount(question.likes)}
        </span>
        <span className="count">{TEXT.replyCount(question.answer_count)}</span>
        <Link className="card-link" to={`/questions/${question.id}`}>
          {TEXT.readMore}
        </Link>
      </div>
    </article>
  );
}
