/**
 * This tab's anonymous key beyond the tab. The post success paths announce an
 * anonymous post here; the app then offers "Keep access to this post" (once per tab), and
 * the header offers the key again ("My private key") for as long as the tab uses it.
 */
import { useSyncExternalStore } from 'react';
import { privateKeyStore } from './storage.ts';

type Listener = () => void;
const postListeners = new Set<Listener>();
const inUseListeners = new Set<Listener>();

function subscribe(listeners: Set<Listener>, listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's key now has posts (it posted with it, or restored it). */
export function markKeyInUse(): void {
  privateKeyStore.markInUse();
  for (const listener of inUseListeners) listener();
}

/** A question or reply was just posted with this tab's key (signed out). */
export function announceAnonymousPost(): void {
  markKeyInUse();
  for (const listener of postListeners) listener();
}

/** Called after each anonymous post of this tab; returns the unsubscribe function. */
export function onAnonymousPost(listener: Listener): () => void {
  return subscribe(postListeners, listener);
}

const subscribeInUse = (listener: Listener) => subscribe(inUseListeners, listener);

/** Whether this tab's key has posts to keep (read again whenever that changes). */
export function useKeyInUse(): boolean {
  return useSyncExternalStore(subscribeInUse, privateKeyStore.inUse, () => false);
}
