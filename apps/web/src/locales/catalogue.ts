/**
 * The shape every catalogue has: exactly its English catalogue's keys (English is the
 * source), each an ICU message. A Spanish or Arabic catalogue is written
 * `{ ... } satisfies Catalogue` (a domain's, `satisfies CatalogueOf<typeof en>` with its own
 * en.ts), so that one lacking a key, or with a key English does not have, fails
 * `npm run typecheck` (catalogue.test.ts holds an example of each). That the messages use the
 * same placeholders is checked by catalogue.test.ts.
 */
import type en from './en.ts';

/** A catalogue with exactly the keys of `English`, its English catalogue. */
export type CatalogueOf<English> = { readonly [K in keyof English]: string };

export type MessageKey = keyof typeof en;
export type Catalogue = CatalogueOf<typeof en>;
