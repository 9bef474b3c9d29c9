/**
 * Perspectives and outcomes: what the server answers and the web app shows
 * for the asker's "This helped" marks and updates, and for the perspective filter.
 */
import { AGE_RANGE_LABELS, type AgeRange, type Gender } from './enums.ts';
import { LIMITS } from './limits.ts';

export const OUTCOME_API_MSG = {
  helpfulLimit: `You can mark at most ${LIMITS.helpfulPerQuestionMax} replies as helpful. Unmark one first.`,
  helpfulOwnReply: 'You cannot mark your own reply as helpful.',
  helpfulHidden: 'This reply is hidden while moderators review it.',
  updateLimit: `A question can have at most ${LIMITS.updatesPerQuestionMax} updates.`,
  updateEmpty: 'An update cannot be empty.',
  updateTooLong: `Ensure this field has no more than ${LIMITS.updateTextMax} characters.`,
} as const;

export const OUTCOME_UI = {
  perspectives: 'Perspectives',
  allReplies: 'All replies',
  gender: 'Gender',
  age: 'Age',
  noPerspectiveReplies: 'No replies from this group yet.',
  thisHelped: 'This helped',
  helped: 'Helped',
  markedHelpful: 'Marked as helpful.',
  unmarkedHelpful: 'No longer marked as helpful.',
  helpfulFailed: 'Could not change the mark.',
  updates: 'Updates',
  /** Before each update's date: "Update, 26 Nov 2026: ...". */
  update: 'Update',
  addUpdate: 'Add an update',
  updateLabel: 'Your update',
  postUpdate: 'Post update',
  updatePosted: 'Update posted.',
  updateFailed: 'Could not post the update.',
  withUpdates: 'With updates',
  updateCount: (n: number) => (n === 1 ? '1 update' : `${n} updates`),
} as const;

/** Plural group names for the heading "What do women 26-35 say?". */
const GENDER_GROUPS: Record<Gender, string> = {
  W: 'women',
  M: 'men',
  NB: 'non-binary people',
  U: 'people of unspecified gender',
};

function ageGroup(age: AgeRange): string {
  return age === 'U' ? 'of unspecified age' : AGE_RANGE_LABELS[age];
}

/**
 * The heading of a thread filtered to one group: "What do women 26-35 say?", "What do men
 * say?", "What do people 36-45 say?".
 */
export function perspectiveHeading(gender: Gender | undefined, age: AgeRange | undefined) {
  const who = gender === undefined ? 'people' : GENDER_GROUPS[gender];
  const aged = age === undefined ? '' : ` ${ageGroup(age)}`;
  return `What do ${who}${aged} say?`;
}
