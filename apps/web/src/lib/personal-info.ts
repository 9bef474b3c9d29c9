/**
 * The personal-info guard of the contract (`@dating/contract/personal-info`),
 * loaded on demand: it weighs about 40 KB gzipped (libphonenumber-js), so the editors load
 * it when they open, never the feed.
 */
import type { PiiKind } from '@dating/contract';

export type PersonalInfoModule = typeof import('@dating/contract/personal-info');

/** One item found, with the text it covers (shown to the writer, never sent anywhere). */
export interface FoundItem {
  kind: PiiKind;
  start: number;
  end: number;
  text: string;
}

let loading: Promise<PersonalInfoModule> | null = null;

export function loadPersonalInfo(): Promise<PersonalInfoModule> {
  loading ??= import('@dating/contract/personal-info').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export function findPersonalInfo(guard: PersonalInfoModule, text: string): FoundItem[] {
  return guard
    .detectPersonalInfo(text)
    .map((match) => ({ ...match, text: text.slice(match.start, match.end) }));
}

/**
 * Where `item` is in `text` now (the text may have changed since it was found): the
 * item found in the current text with the same kind and words, or null.
 */
export function locate(guard: PersonalInfoModule, text: string, item: FoundItem): FoundItem | null {
  return (
    findPersonalInfo(guard, text).find(
      (found) => found.kind === item.kind && found.text === item.text,
    ) ?? null
  );
}
