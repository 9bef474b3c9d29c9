/**
 * Why a list of tags cannot be posted, in the page's language, as the Ask form says it before
 * anything is sent: the contract finds the problem (`tagListIssue`, the server's rule too),
 * the form's own catalogue (locales/ask-form/, loaded with the form) puts it in words.
 */
import { LIMITS, type TagProblem, tagListIssue } from '@dating/contract';
import { textOf } from '../../../lib/i18n.ts';
import type en from '../../../locales/ask-form/en.ts';
import { ASK_FORM_CATALOGUE } from '../../../locales/ask-form/index.ts';

const TAG_TEXT = textOf<
  keyof typeof en,
  { tagsTooMany: (max: number) => { max: number }; tagTooLong: (max: number) => { max: number } }
>(ASK_FORM_CATALOGUE, {
  tagsTooMany: (max) => ({ max }),
  tagTooLong: (max) => ({ max }),
});

const WORDS: Readonly<Record<TagProblem, () => string>> = {
  tagInvisibleOnly: () => TAG_TEXT.tagInvisibleOnly,
  tagsTooMany: () => TAG_TEXT.tagsTooMany(LIMITS.tagsPerQuestionMax),
  tagTooLong: () => TAG_TEXT.tagTooLong(LIMITS.tagMax),
  tagLookalike: () => TAG_TEXT.tagLookalike,
};

/** `tags`' problem in words, or null when they can be posted. */
export function tagListProblem(tags: readonly string[]): string | null {
  const issue = tagListIssue(tags);
  return issue === null ? null : WORDS[issue]();
}
