import type { Tag } from '@dating/contract';
import { TEXT } from '../../../lib/messages.ts';

/** Tags shown with a hash prefix; clickable (filter by tag) when `onTag` is given. */
export function TagList({ tags, onTag }: { tags: Tag[]; onTag?: (name: string) => void }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={TEXT.questionTags}>
      {tags.map((tag) => (
        <li key={tag.id}>
          {onTag ? (
            <button type="button" className="tag" onClick={() => onTag(tag.name)}>
              #{tag.name}
            </button>
          ) : (
            <span className="tag">#{tag.name}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
