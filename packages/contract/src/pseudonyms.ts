/**
 * Thread pseudonyms: within one question's thread, the asker is
 * "Asker" and every other author "Anon 1", "Anon 2"... by first appearance. The server
 * numbers authors per thread as they write (0 the asker), so a label means nothing outside
 * its thread: "Anon 2" here and "Anon 5" there cannot be matched.
 */
export const ASKER_LABEL = 'Asker';

/** What comes before the number of every other author ("Anon 3"). */
export const ANON_LABEL_PREFIX = 'Anon ';

/** The label of a thread author's number; null for a deleted answer's placeholder. */
export function authorLabel(authorNumber: number | null): string | null {
  if (authorNumber === null) return null;
  return authorNumber === 0 ? ASKER_LABEL : `${ANON_LABEL_PREFIX}${authorNumber}`;
}
