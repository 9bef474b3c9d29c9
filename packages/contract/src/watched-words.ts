/**
 * Watched words and hidden posts (issue 39): the constants and messages the server and the
 * web app share. The schemas are in schemas/watched-words.ts.
 */
/** What a post holding a watched word gets: refused, held for review, or published and flagged. */
export const WATCHED_WORD_ACTIONS = ['block', 'review', 'flag'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

export const WATCHED_WORD_ACTION_LABELS: Record<WatchedWordAction, string> = {
  block: 'Block the post',
  review: 'Hold for review',
  flag: 'Publish and flag',
};

/**
 * Who filed a report: a person (`reporter`), the crisis check (`automatic`), a watched word
 * (`watched_word_review`: the post is held until a moderator approves it;
 * `watched_word_flag`: it is published and flagged), or its author's edit of a hidden post
 * (`edited_after_hiding`).
 */
export const REPORT_SOURCES = [
  'reporter',
  'automatic',
  'watched_word_review',
  'watched_word_flag',
  'edited_after_hiding',
] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];
/** The sources of reports the server files of its own beyond crisis flags. */
export type SystemReportSource = Exclude<ReportSource, 'reporter' | 'automatic'>;

export const SYSTEM_REPORT_LABELS: Record<SystemReportSource, string> = {
  watched_word_review: 'Waiting for review (watched word)',
  watched_word_flag: 'Flagged by a watched word',
  edited_after_hiding: 'Edited after hiding',
};

export const WATCHED_MSG = {
  /** A post holding a `block` rule: which rule, never the words it matched. */
  blocked: (ruleId: number) =>
    `This post contains a word or link that is not allowed here. (Rule ${ruleId}.)`,
  duplicate: 'This word is already watched.',
} as const;
