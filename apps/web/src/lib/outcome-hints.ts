/**
 * One line each on what "This helped" and the asker's updates are for. Only the thread
 * imports it, so the home route does not carry it.
 */
export const OUTCOME_HINTS = {
  /** Above the replies, for the asker. */
  helped:
    'Press "This helped" on the replies that helped you: they move to the top, so others with the same question find them first.',
  /** Under "Updates". */
  updates:
    "What happened next, in the asker's words, so the people who replied and others in the same spot learn how it went.",
} as const;
