import { LIMITS } from './limits.ts';

/** Trim, lower-case, drop empties and duplicates, keeping first-seen order (spec §5). */
export function normalizeTags(names: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (name !== '') seen.add(name);
  }
  return [...seen];
}

/** The first problem with a normalized tag list, or null when it is acceptable. */
export function tagListProblem(tags: readonly string[]): string | null {
  if (tags.length > LIMITS.tagsPerQuestionMax) {
    return `A question can have at most ${LIMITS.tagsPerQuestionMax} tags.`;
  }
  const long = tags.find((t) => [...t].length > LIMITS.tagMax);
  if (long !== undefined) return `Tags can be at most ${LIMITS.tagMax} characters.`;
  return null;
}
