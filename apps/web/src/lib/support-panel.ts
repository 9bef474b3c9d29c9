/**
 * The crisis support panel's state: the `support` of the last question or reply posted, and
 * the post that brought it, until the writer dismisses it. A store outside React so that a
 * form that closes on posting (the Ask dialog) can still hand the panel over. Where it is
 * drawn (beside that post) is components/ui/support-slot.tsx, loaded only when it shows.
 */
import type { SupportPanel } from '@dating/contract';
import { useSyncExternalStore } from 'react';
import type { PostRef } from './anonymous-key.ts';

export interface ShownSupport {
  panel: SupportPanel;
  /** The post that brought it; null when it is known to be on no page. */
  post: PostRef | null;
  /** The language that post is written in, when known: the panel's country follows it. */
  language: string | null;
}

let current: ShownSupport | null = null;
const listeners = new Set<() => void>();

function set(shown: ShownSupport | null) {
  current = shown;
  for (const listener of listeners) listener();
}

/** Shows the panel, beside `post`, when the post's response carries one. */
export function showSupport(
  panel: SupportPanel | null | undefined,
  post: PostRef | null = null,
  language: string | null = null,
): void {
  if (panel && panel.sections.length > 0) set({ panel, post, language });
}

export function dismissSupport(): void {
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The panel shown now, wherever it is drawn (null when none). */
export function useSupportPanel(): ShownSupport | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
