/** What is wrong with a pasted key, in words (loaded with the dialogs that say it). */
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { type KeyProblem, parseKeyInput } from './private-key.ts';

// Read when said, never at import: this module may load before its catalogue has come
// (withCatalogues fetches both side by side), and a text read then would be the key's name.
const MESSAGES: Record<KeyProblem, () => string> = {
  empty: () => KEY_TEXT.keyEmpty,
  malformed: () => KEY_TEXT.keyMalformed,
  weak: () => KEY_TEXT.keyWeak,
};

/** The message for what is wrong with a pasted key, or null when it is one. */
export function keyInputError(input: string): string | null {
  const parsed = parseKeyInput(input);
  return parsed.problem === null ? null : MESSAGES[parsed.problem]();
}
