/**
 * A question in the feed: a plain-text excerpt (no user markup, so no user heading enters
 * the page outline), who asked and when, its tags as links, and its like and reply counts.
 */
import type { QuestionSummary } from '@dating/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { highlightParts } from '../../../lib/highlight.ts';
import { excerpt } from '../../../lib/html.ts';
import { postedBy } from '../../../lib/labels.ts';
import { OUTCOME_UI, TEXT } from '../../../lib/messages.ts';
import { FROM_FEED } from '../lib/from-feed.ts';
import styles from './question-card.module.css';
import { TagList } from './tag-list.tsx';

export function QuestionCard({
  question,
  terms = [],
}: {
  question: QuestionSummary;
  /** Words of the current search, marked in the excerpt. */
  terms?: readonly string[];
}) {
  const parts = useMemo(
    () => highlightParts(excerpt(question.text), terms),
    [question.text, terms],
  );
  return (
    <article className={cardClass}>
      <p className={styles.excerpt} data-testid="excerpt" elementtiming="question-card">
        {parts.map((part, i) =>
          part.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
            <mark key={i}>{part.text}</mark>
          ) : (
            part.text
          ),
        )}
      </p>
      <MetaLine>
        <span>{postedBy(question)}</span>
        <TimeAgo iso={question.created_at} />
      </MetaLine>
      <TagList tags={question.tags} />
      <div className={styles.footer}>
        <span className={styles.count} data-testid="like-count">
          <span className={styles.heart} aria-hidden="true">
            ♥{' '}
          </span>
          {TEXT.likeCount(question.likes)}
        </span>
        <span className={styles.count} data-testid="answer-count">
          {TEXT.replyCount(question.answer_count)}
        </span>
        {question.helped && (
          <span className={styles.helped} data-testid="helped">
            <span aria-hidden="true">✓ </span>
            {OUTCOME_UI.helped}
          </span>
        )}
        {question.update_count > 0 && (
          <span className={styles.count} data-testid="update-count">
            {OUTCOME_UI.updateCount(question.update_count)}
          </span>
        )}
        <Link className={styles.link} to={`/questions/${question.id}`} state={FROM_FEED}>
          {TEXT.readMore}
        </Link>
      </div>
    </article>
  );
}
