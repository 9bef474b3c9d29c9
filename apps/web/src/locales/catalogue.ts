/**
 * The shape every catalogue has: exactly the English catalogue's keys (en.ts is the source),
 * each an ICU message. A Spanish or Arabic catalogue is written `{ ... } satisfies Catalogue`,
 * so that one lacking a key, or with a key English does not have, fails `npm run typecheck`
 * (catalogue.test.ts holds an example of each). That the messages use the same placeholders
 * is checked by catalogue.test.ts.
 */
import type en from './en.ts';

export type MessageKey = keyof typeof en;
export type Catalogue = { readonly [K in MessageKey]: string };
