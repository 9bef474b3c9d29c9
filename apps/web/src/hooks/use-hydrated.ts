/**
 * Whether this part of the page is the browser's own yet: false on the server and while the
 * browser takes over a screen the server drew (src/entry-server.tsx, main.tsx), true after
 * that and on every screen the browser draws itself. A drawn control is dead until then, so
 * controls drawn disabled with it cannot take a click or a typed reply that would be lost.
 *
 * The browser's own view comes in a task of its own after hydration (`endTakeover`): the
 * render it causes (controls enabled, the viewer's own view, local times) is about a third
 * of the work of taking a question's page over, and one long task blocks input for longer
 * than two short ones.
 */
import { useSyncExternalStore } from 'react';

let own = true;
const listeners = new Set<() => void>();

/** The browser is about to take a drawn screen over: parts stay as drawn until `endTakeover`. */
export function beginTakeover(): void {
  own = false;
}

/** The drawn screen is the browser's now: every part draws its own view. */
export function endTakeover(): void {
  own = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOwn = () => own;
const onServer = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isOwn, onServer);
}
