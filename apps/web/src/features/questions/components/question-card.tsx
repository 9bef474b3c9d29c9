/**
 * A question in the feed: the start of its text with its formatting (./question-card-text.tsx),
 * who asked and when, its tags as links, and its like and reply counts. A tap anywhere on
 * the card opens the question: the card's one link to it stretches over the whole card
 * (question-card.module.css), while the links in the text and the tags stay above it and
 * work on their own.
 */

import type { QuestionSummary } from '@dating/contract';
import { questionPath } from '@dating/contract';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import { LanguageLabel, MetaLine } from '../../../components/ui/meta-line.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { cx } from '../../../lib/cx.ts';
import { postedBy } from '../../../lib/labels.ts';
import { OUTCOME_UI, TEXT } from '../../../lib/messages.ts';
import { FROM_FEED } from '../lib/from-feed.ts';
import styles from './question-card.module.css';
import { QuestionCardText } from './question-card-text.tsx';
import { TagList } from './tag-list.tsx';

const NO_TERMS: readonly string[] = [];

export function QuestionCard({
  question,
  terms = NO_TERMS,
}: {
  question: QuestionSummary;
  /** Words of the current search, marked in the text. */
  terms?: readonly string[];
}) {
  return (
    <article className={cx(cardClass, styles.card)}>
      <QuestionCardText html={question.text} terms={terms} language={question.language} />
      <MetaLine>
        <span>{postedBy(question)}</span>
        <TimeAgo iso={question.created_at} />
        <LanguageLabel language={question.language} />
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
        <Link className={styles.link} to={questionPath(question.id)} state={FROM_FEED}>
          {TEXT.readMore}
        </Link>
      </div>
    </article>
  );
}
