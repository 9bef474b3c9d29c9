/**
 * Whether this part of the page is the browser's own yet: false on the server and while the
 * browser hydrates a screen the server drew (src/entry-server.tsx), true right after and on
 * every screen the browser draws itself. A drawn control is dead until then (its code may
 * still be on its way), so controls drawn disabled with it cannot take a click or a typed
 * reply that would be lost.
 */
import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};
const inBrowser = () => true;
const onServerOrHydrating = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, inBrowser, onServerOrHydrating);
}
