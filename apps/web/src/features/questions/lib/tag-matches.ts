/**
 * The tag filter's suggestions: the tags whose name contains what was typed, those that
 * start with it first, then the most used; at most `max` of them (a site has hundreds).
 */
import type { TagWithCount } from '@dating/contract';

export const TAG_SUGGESTIONS_MAX = 50;

export function tagMatches(
  tags: readonly TagWithCount[],
  typed: string,
  max: number = TAG_SUGGESTIONS_MAX,
): TagWithCount[] {
  const query = typed.trim().replace(/^#/, '').toLowerCase();
  const rank = (tag: TagWithCount) => (tag.name.startsWith(query) ? 0 : 1);
  return tags
    .filter((tag) => tag.name.includes(query))
    .sort(
      (a, b) =>
        rank(a) - rank(b) || b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .slice(0, max);
}
