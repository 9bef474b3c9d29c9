/**
 * Every text the user sees comes from here, in the visitor's language: the catalogues are
 * src/locales/ (English, the source, in en.ts). The specification's strings (spec §2, §5, §8)
 * stay in English in the shared contract (`UI`, `MSG`...: the server and the tests use them);
 * the objects of the same names here read them from the catalogues, under 'UI.emptyFeed' and
 * the like, and `TEXT` adds the web app's own labels. Screens that load on demand keep their
 * words in domain catalogues of their own (src/locales/<domain>/, read by key-messages.ts,
 * my-data-messages.ts and site-page-messages.ts), so that the first load does not carry them.
 */

// Types only: the contract's English stays out of the bundle (the catalogues carry it).
import type {
  AgeRange,
  AGE_RANGE_LABELS as CONTRACT_AGE_RANGE_LABELS,
  FEED_SORT_LABELS as CONTRACT_FEED_SORT_LABELS,
  GENDER_LABELS as CONTRACT_GENDER_LABELS,
  MSG as CONTRACT_MSG,
  OUTCOME_UI as CONTRACT_OUTCOME_UI,
  PII_MSG as CONTRACT_PII_MSG,
  UI as CONTRACT_UI,
  Gender,
} from '@dating/contract';
import { ANON_LABEL_PREFIX, API_MSG, ASKER_LABEL } from '@dating/contract';
import type { Values } from '@lingui/core';
import type { MessageKey } from '../locales/catalogue.ts';
import { i18n, type TextOf, textOf } from './i18n.ts';

// The server's messages, in English (lib/error-messages.ts matches some of them).
export { API_MSG };

/** A key of the web app's own labels: the contract's are named 'CONSTANT.key'. */
type TextKey = Exclude<MessageKey, `${string}.${string}`>;

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
  writtenIn: (language: string) => ({ language }),
  authorAnon: (n: number) => ({ n }),
  count: (n: number) => ({ n }),
} satisfies { [K in TextKey]?: (...args: never[]) => Values };

/** Each message: a string, or a function of the message's values for those that take any. */
export type Text = TextOf<TextKey, typeof PARAMS>;

/**
 * The web app's own labels, in the active language (lib/i18n.ts): each key reads the active
 * catalogue when it is read, so a label must be read while drawing, never kept in a
 * module-level constant (which would keep the language of the first import).
 */
export const TEXT: Text = textOf(null, PARAMS);

/**
 * A thread pseudonym in the page's language: the server sends the English ('Asker', 'Anon
 * 2'), which also stays the data-asker test of AuthorLabel; anything else is shown as sent.
 */
export function pseudonym(label: string): string {
  if (label === ASKER_LABEL) return TEXT.authorAsker;
  const n = label.startsWith(ANON_LABEL_PREFIX)
    ? Number(label.slice(ANON_LABEL_PREFIX.length))
    : NaN;
  return Number.isInteger(n) && n > 0 ? TEXT.authorAnon(n) : label;
}

/** The main catalogue's keys under `Group.`, without it: 'NOTIFY.title' gives 'title'. */
type GroupKey<Group extends string> = MessageKey extends infer K
  ? K extends `${Group}.${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * A group of the main catalogue's messages (its `${group}.${key}` ones), each read in the
 * active language when read; those in `params` take values, positional, named for the
 * message. The keys come from the catalogue's type, not a list.
 */
export const groupText = <
  Group extends string,
  Params extends { readonly [K in GroupKey<Group>]?: (...args: never[]) => Values } = Record<
    never,
    never
  >,
>(
  group: Group,
  params = {} as Params,
) => textOf<GroupKey<Group>, Params>({ name: group }, params);

/**
 * The contract's constant `name` (`T`), each key read from the catalogue's `${name}.${key}` in
 * the active language. Its keys come from the contract's type, not a list: the contract's
 * English stays out of the bundle; contract-messages.test.ts reads every key of the contract.
 */
const fromContract = <T extends object>(name: string) =>
  textOf<keyof T & string, Record<never, never>>({ name }, {});

/** The specification's page texts (spec §2, §5). */
export const UI = fromContract<typeof CONTRACT_UI>('UI');
/** The specification's validation and outcome messages (spec §5, §8). */
export const MSG = fromContract<typeof CONTRACT_MSG>('MSG');
/** The personal-info guard's warnings, by kind. */
export const PII_MSG = fromContract<typeof CONTRACT_PII_MSG>('PII_MSG');
export const GENDER_LABELS = fromContract<typeof CONTRACT_GENDER_LABELS>('GENDER_LABELS');
export const AGE_RANGE_LABELS = fromContract<typeof CONTRACT_AGE_RANGE_LABELS>('AGE_RANGE_LABELS');
export const FEED_SORT_LABELS = fromContract<typeof CONTRACT_FEED_SORT_LABELS>('FEED_SORT_LABELS');
/**
 * The few server texts (`API_MSG`) the web app also draws itself, from its own checks and for
 * hidden posts, in the page's language.
 */
export const API_TEXT = groupText('API_MSG');
export const OUTCOME_API_MSG = groupText('OUTCOME_API_MSG');

/** Perspectives and outcomes ("This helped", updates). */
export const OUTCOME_UI = textOf<
  keyof typeof CONTRACT_OUTCOME_UI,
  { updateCount: (n: number) => Values }
>({ name: 'OUTCOME_UI' }, { updateCount: (n: number) => ({ n }) });

/** The heading of a thread filtered to one group: "What do women 26-35 say?". */
export function perspectiveHeading(gender: Gender | undefined, age: AgeRange | undefined) {
  return i18n._('perspectiveHeading', { gender: gender ?? 'none', age: age ?? 'none' });
}
