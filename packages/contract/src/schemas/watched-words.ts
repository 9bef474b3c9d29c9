/** Watched words (admins) and why a hidden post is hidden (its author). */
import { type Static, Type } from 'typebox';
import { HIDDEN_REASONS } from '../hidden-reasons.ts';
import { REPORT_SOURCES, WATCHED_WORD_ACTIONS } from '../watched-words.ts';
import { Id, Nullable, Timestamp } from './common.ts';

export const WatchedWordActionSchema = Type.Enum(WATCHED_WORD_ACTIONS, {
  description:
    '`block`: the post is refused (400, naming the rule, never the words). `review`: saved, but hidden until a moderator approves it. `flag`: published, and a report filed by the system.',
});

export const WatchedWord = Type.Object({
  id: Id,
  word: Type.String({
    description:
      'A word, a phrase, or a pattern where `*` stands for any letters inside a word (`scam*`). Matched by whole words, folded as tags are (case, width, look-alike letters, invisible characters), and letters written apart are read together.',
  }),
  action: WatchedWordActionSchema,
  created_at: Timestamp,
});
export type WatchedWord = Static<typeof WatchedWord>;
export const WatchedWordList = Type.Array(WatchedWord);

export const WatchedWordCreateBody = Type.Object({
  word: Type.String({ minLength: 1, maxLength: 100 }),
  action: WatchedWordActionSchema,
});
export type WatchedWordCreateBody = Static<typeof WatchedWordCreateBody>;

export const ReportSourceSchema = Type.Enum(REPORT_SOURCES, {
  description:
    '`reporter`: a person. `automatic`: the crisis check (see `categories`). `watched_word_review`: the post holds a watched word and waits, hidden, for a moderator. `watched_word_flag`: it holds a watched word and is published. `edited_after_hiding`: its author edited it while hidden.',
});

/** Only on its author's own hidden post: why it is hidden (never who reported it). */
export const HiddenReasonField = Type.Optional(
  Nullable(
    Type.Enum(HIDDEN_REASONS, {
      description:
        'Why the post is hidden, sent to its author alone (null for everyone else, and when it is not hidden): the reason most of its reporters gave, or `watched_word` (waiting for review). Never who reported it.',
    }),
  ),
);
