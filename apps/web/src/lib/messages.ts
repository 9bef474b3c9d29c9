/**
 * Every text the user sees comes from here. The specification's strings (spec §2, §5, §8)
 * live in the shared contract (`UI`, `MSG`); `TEXT` adds the web app's own labels, in the
 * visitor's language: their catalogues are src/locales/ (English, the source, in en.ts).
 * Screens that load on demand keep their words in domain catalogues of their own
 * (src/locales/<domain>/, read by key-messages.ts, my-data-messages.ts and
 * site-page-messages.ts), so that the first load does not carry them.
 */
import type { Values } from '@lingui/core';
import type { MessageKey } from '../locales/catalogue.ts';
import { type TextOf, textOf } from './i18n.ts';

export { API_MSG, MSG, OUTCOME_UI, UI } from '@dating/contract';

/** The messages that take values: each one's positional parameters, named for its message. */
const PARAMS = {
  welcome: (username: string) => ({ username }),
  /** A search's result count; `atLeast` when the server stopped counting (X-Total-Count). */
  resultCount: (n: number, atLeast: boolean) => ({ n, atLeast: atLeast ? 'yes' : 'no' }),
  replyCount: (n: number) => ({ n }),
  likeCount: (n: number) => ({ n }),
  postedBy: (gender: string, age: string) => ({ gender, age }),
  removeTag: (name: string) => ({ name }),
  likeReply: (n: number) => ({ n }),
  pendingCount: (n: number) => ({ n }),
  reportNumber: (id: number) => ({ id }),
  reportTitle: (target: 'question' | 'answer') => ({ target }),
  tagLimits: (max: number, chars: number) => ({ max, chars }),
  tagCount: (n: number, max: number) => ({ n, max }),
  showNMoreReplies: (n: number) => ({ n }),
  replyLevel: (level: number) => ({ level }),
} satisfies { [K in MessageKey]?: (...args: never[]) => Values };

/** Each message: a string, or a function of the message's values for those that take any. */
export type Text = TextOf<MessageKey, typeof PARAMS>;

/**
 * The web app's own labels, in the active language (lib/i18n.ts): each key reads the active
 * catalogue when it is read, so a label must be read while drawing, never kept in a
 * module-level constant (which would keep the language of the first import).
 */
export const TEXT: Text = textOf(null, PARAMS);
