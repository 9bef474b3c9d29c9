/** A private key's posts as a list: each links to its question, with its labels and likes. */

import type { AnonymousPost } from '@dating/contract';
import { questionPath } from '@dating/contract';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton } from '../../../components/ui/card-list.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { cx } from '../../../lib/cx.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { postedBy } from '../../../lib/labels.ts';
import { TEXT } from '../../../lib/messages.ts';
import styles from './post-list.module.css';

const SNIPPET_LENGTH = 160;

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export function PostListSkeleton() {
  return (
    <CardListSkeleton
      lines={['20%', undefined, '40%']}
      className={styles.list}
      testId="anonymous-posts-skeleton"
    />
  );
}

export function PostList({
  posts,
  compact = false,
  label,
}: {
  posts: readonly AnonymousPost[];
  /** Smaller items, without links (a claim's preview inside a dialog). */
  compact?: boolean;
  label?: string;
}) {
  return (
    <ul
      className={cx(styles.list, compact && styles.compact)}
      aria-label={label}
      data-testid="anonymous-posts"
    >
      {posts.map((post) => {
        const question = clip(post.question_text, SNIPPET_LENGTH);
        return (
          <li key={`${post.type}-${post.id}`} className={compact ? styles.item : cardClass}>
            <p className={styles.kind}>{post.type === 'question' ? TEXT.question : TEXT.reply}</p>
            {compact ? (
              <p className={styles.title}>
                {post.type === 'question' ? question : KEY_TEXT.replyTo(question)}
              </p>
            ) : (
              <Link to={questionPath(post.question)} className={styles.title}>
                {post.type === 'question' ? question : KEY_TEXT.replyTo(question)}
              </Link>
            )}
            {post.type === 'answer' && (
              <p className={styles.text}>{clip(post.text, SNIPPET_LENGTH)}</p>
            )}
            <MetaLine>
              <span>{postedBy(post)}</span>
              <span>{TEXT.likeCount(post.likes)}</span>
              <TimeAgo iso={post.created_at} />
            </MetaLine>
          </li>
        );
      })}
    </ul>
  );
}
