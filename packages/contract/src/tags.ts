import type { PiiKind } from './enums.ts';
import { LIMITS } from './limits.ts';
import { foldCompatibility, lookalikeProblem } from './lookalikes.ts';
import { englishList, PII_KIND_NAMES } from './messages.ts';
import { tagPersonalInfoKinds } from './safety/personal-info.ts';

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
    const next = foldCompatibility(name)
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

/** The refusals of a tag list, by their error codes (error-codes.ts). */
export const TAG_MSG = {
  tagInvisibleOnly: 'A tag must contain visible characters.',
  tagsTooMany: `A question can have at most ${LIMITS.tagsPerQuestionMax} tags.`,
  tagTooLong: `Tags can be at most ${LIMITS.tagMax} characters.`,
  tagLookalike:
    'A tag must be written in one alphabet, without letters that pass for others (a Cyrillic "а" or an "ɑ" for "a").',
} as const;

/** What a tag refused for personal information is said to look like, by kind. */
export const TAG_PII_KIND_NAMES = {
  ...PII_KIND_NAMES,
  name: "a person's full name",
} as const satisfies Record<PiiKind, string>;

/** A tag holding personal information: tags are public, and listed for everyone. */
export function tagPersonalInfoMessage(tag: string, kinds: readonly PiiKind[]): string {
  const joined = englishList(kinds.map((kind) => TAG_PII_KIND_NAMES[kind]));
  return `The tag "${tag}" looks like ${joined}. Tags are public: describe the topic, not the people.`;
}

export type TagProblem = keyof typeof TAG_MSG;

/**
 * The first problem with a normalized tag list, by its code, or null when it is acceptable:
 * the limits, then a tag that could pass for another (see lookalikes.ts).
 */
export function tagListIssue(tags: readonly string[]): TagProblem | null {
  if (tags.length > LIMITS.tagsPerQuestionMax) return 'tagsTooMany';
  const long = tags.find((t) => [...t].length > LIMITS.tagMax);
  if (long !== undefined) return 'tagTooLong';
  if (tags.some((tag) => lookalikeProblem(tag) !== null)) return 'tagLookalike';
  return null;
}

/** `tagListIssue` in words, as the ask form shows it before anything is sent. */
export function tagListProblem(tags: readonly string[]): string | null {
  const issue = tagListIssue(tags);
  return issue === null ? null : TAG_MSG[issue];
}

/**
 * The first problem with tag names as sent: a blank name is ignored (spec §5), but one that
 * held something and is empty once its invisible characters are gone is refused; then the
 * normalized list's problem, if any; then a tag that holds personal information (a phone
 * number, an e-mail address, a full name...: safety/personal-info.ts).
 */
export function tagNamesProblem(names: readonly string[]): string | null {
  const issue = tagNamesIssue(names);
  if (issue === null) return null;
  if (typeof issue === 'string') return TAG_MSG[issue];
  return tagPersonalInfoMessage(issue.tag, issue.kinds);
}

/**
 * `tagNamesProblem`'s finding before it is put in words: a `TAG_MSG` code, or the tag that
 * holds personal information and its kinds (the server says either in the reader's language).
 */
export function tagNamesIssue(
  names: readonly string[],
): TagProblem | { tag: string; kinds: PiiKind[] } | null {
  if (names.some((raw) => raw.trim() !== '' && normalizeTag(raw) === '')) {
    return 'tagInvisibleOnly';
  }
  const tags = normalizeTags(names);
  const problem = tagListIssue(tags);
  if (problem !== null) return problem;
  for (const tag of tags) {
    const kinds = tagPersonalInfoKinds(tag);
    if (kinds.length > 0) return { tag, kinds: [...kinds] };
  }
  return null;
}
