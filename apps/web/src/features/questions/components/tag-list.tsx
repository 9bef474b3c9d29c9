import { feedHref, type Tag } from '@dating/contract';
import { Link } from 'react-router';
import { TEXT } from '../../../lib/messages.ts';
import styles from './tag-list.module.css';

/**
 * Tags shown with a hash prefix, each a link to the feed filtered by it. Each tag takes the
 * direction of its own words, so that on an Arabic page '#first date' keeps its hash in
 * front rather than reading 'first date#'.
 */
export function TagList({ tags }: { tags: Tag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={TEXT.questionTags}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link className={styles.tag} to={feedHref({ tag: tag.name })} dir="auto">
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
