/**
 * The crisis support panel's state: the `support` of the last question or reply posted
 *, shown by the layout until the writer dismisses it. A store outside React
 * so that a form that closes on posting (the Ask dialog) can still hand the panel over.
 */
import type { SupportPanel } from '@dating/contract';
import { useSyncExternalStore } from 'react';

let current: SupportPanel | null = null;
const listeners = new Set<() => void>();

function set(panel: SupportPanel | null) {
  current = panel;
  for (const listener of listeners) listener();
}

/** Shows the panel when the post's response carries one. */
export function showSupport(panel: SupportPanel | null | undefined): void {
  if (panel && panel.sections.length > 0) set(panel);
}

export function dismissSupport(): void {
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSupportPanel(): SupportPanel | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
