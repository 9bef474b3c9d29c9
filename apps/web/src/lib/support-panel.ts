/**
 * The crisis support panel's state: the `support` of the last question or reply posted, and
 * the post that brought it, until the writer dismisses it. A store outside React so that a
 * form that closes on posting (the Ask dialog) can still hand the panel over.
 *
 * The panel is drawn beside its post (by a slot after each post, ./support-slot.tsx), so the
 * page does not move away from what the writer just did; when no slot on the page holds the
 * post for a moment, the layout draws it at the top of the page instead.
 */
import type { SupportPanel } from '@dating/contract';
import { useSyncExternalStore } from 'react';
import type { PostRef } from './anonymous-key.ts';

export interface ShownSupport {
  panel: SupportPanel;
  /** The post that brought it; null when it is known to be on no page. */
  post: PostRef | null;
}

interface State {
  shown: ShownSupport | null;
  /** Posts with a slot on the page now, by key, with how many slots each. */
  slots: ReadonlyMap<string, number>;
}

let state: State = { shown: null, slots: new Map() };
const listeners = new Set<() => void>();

function update(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const supportPostKey = (post: PostRef) => `${post.type}-${post.id}`;

/** Shows the panel, beside `post`, when the post's response carries one. */
export function showSupport(
  panel: SupportPanel | null | undefined,
  post: PostRef | null = null,
): void {
  if (panel && panel.sections.length > 0) update({ shown: { panel, post } });
}

export function dismissSupport(): void {
  update({ shown: null });
}

/** A slot that can draw the panel after `post` is on the page; returns its removal. */
export function registerSupportSlot(post: PostRef): () => void {
  const key = supportPostKey(post);
  const slots = new Map(state.slots);
  slots.set(key, (slots.get(key) ?? 0) + 1);
  update({ slots });
  return () => {
    const after = new Map(state.slots);
    const count = (after.get(key) ?? 1) - 1;
    if (count > 0) after.set(key, count);
    else after.delete(key);
    update({ slots: after });
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useSupportState(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** The panel shown now, wherever it is drawn (null when none). */
export function useSupportPanel(): ShownSupport | null {
  return useSupportState().shown;
}

/** Whether a slot on the page holds the panel's post. */
export function useSupportAnchored(): boolean {
  const { shown, slots } = useSupportState();
  return shown?.post != null && slots.has(supportPostKey(shown.post));
}
