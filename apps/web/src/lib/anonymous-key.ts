/**
 * This tab's anonymous key beyond the tab. The post success paths announce an
 * anonymous post here; the app then offers "Keep access to this post" (once per tab), and
 * the header offers the key again ("My private key") for as long as the tab uses it.
 */
import { useSyncExternalStore } from 'react';
import { privateKeyStore } from './storage.ts';

/** A post just made with the key: a question or a reply, by id. */
export interface PostRef {
  type: 'question' | 'answer';
  id: number;
}

type Listener = () => void;
type PostListener = (post: PostRef) => void;
const postListeners = new Set<PostListener>();
const inUseListeners = new Set<Listener>();

function subscribe<L>(listeners: Set<L>, listener: L): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's key now has posts (it posted with it, or restored it). */
export function markKeyInUse(): void {
  privateKeyStore.markInUse();
  for (const listener of inUseListeners) listener();
}

/** A question or reply was just posted with this tab's key (signed out). */
export function announceAnonymousPost(post: PostRef): void {
  markKeyInUse();
  for (const listener of postListeners) listener(post);
}

/** Called after each anonymous post of this tab; returns the unsubscribe function. */
export function onAnonymousPost(listener: PostListener): () => void {
  return subscribe(postListeners, listener);
}

const subscribeInUse = (listener: Listener) => subscribe(inUseListeners, listener);

/** Whether this tab's key has posts to keep (read again whenever that changes). */
export function useKeyInUse(): boolean {
  return useSyncExternalStore(subscribeInUse, privateKeyStore.inUse, () => false);
}
