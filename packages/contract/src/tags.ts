import { LIMITS } from './limits.ts';

/**
 * Characters a tag never keeps: controls, and the Default_Ignorable_Code_Point set (zero
 * width spaces and joiners, bidi controls such as U+202E, soft hyphens, variation
 * selectors...). They draw nothing, so two tags that differ only by them look the same.
 */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * One tag name as it is stored: NFKC (full-width and compatibility forms folded), without
 * invisible characters, whitespace runs as one space, trimmed, lower-cased. May be empty.
 */
export function normalizeTag(raw: string): string {
  let name = raw;
  // Lower-casing can leave a form that NFKC folds again (rarely): a second pass settles it.
  for (let pass = 0; pass < 3; pass += 1) {
    const next = name
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      .replace(/\s+/gu, ' ')
      .trim()
      .toLowerCase();
    if (next === name) break;
    name = next;
  }
  return name;
}

/**
 * Trim, lower-case, drop empties and duplicates, keeping first-seen order (spec §5), after
 * `normalizeTag`. A name that only looks empty (`tagNamesProblem` refuses it) is dropped too.
 */
export function normalizeTags(names: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of names) {
    const name = normalizeTag(raw);
    if (name !== '') seen.add(name);
  }
  return [...seen];
}

export const TAG_MSG = {
  invisibleOnly: 'A tag must contain visible characters.',
  tooMany: `A question can have at most ${LIMITS.tagsPerQuestionMax} tags.`,
  tooLong: `Tags can be at most ${LIMITS.tagMax} characters.`,
} as const;

/** The first problem with a normalized tag list, or null when it is acceptable. */
export function tagListProblem(tags: readonly string[]): string | null {
  if (tags.length > LIMITS.tagsPerQuestionMax) return TAG_MSG.tooMany;
  const long = tags.find((t) => [...t].length > LIMITS.tagMax);
  if (long !== undefined) return TAG_MSG.tooLong;
  return null;
}

/**
 * The first problem with tag names as sent: a blank name is ignored (spec §5), but one that
 * held something and is empty once its invisible characters are gone is refused; then the
 * normalized list's problem, if any.
 */
export function tagNamesProblem(names: readonly string[]): string | null {
  if (names.some((raw) => raw.trim() !== '' && normalizeTag(raw) === '')) {
    return TAG_MSG.invisibleOnly;
  }
  return tagListProblem(normalizeTags(names));
}
