/**
 * The posts this tab has reported, per identity, so that their Report button reads
 * "Reported" (the server takes one report per reporter and post). The server never says
 * who reported what, so this is what the tab learned itself: a report sent, or refused as
 * already made. It lives as long as the tab's memory; after a reload a second try is
 * refused by the server with its message, and the button learns it then.
 */
import { useSyncExternalStore } from 'react';
import { useViewer } from './auth.ts';

/** A post, by kind and id (the report form's target). */
interface ReportTarget {
  type: 'question' | 'answer';
  id: number;
}

const reported = new Set<string>();
const listeners = new Set<() => void>();

type Identity = { userId: number | null; sessionId: string | null };

function keyOf(viewer: Identity, target: ReportTarget): string {
  const who = viewer.userId !== null ? `user:${viewer.userId}` : `key:${viewer.sessionId ?? ''}`;
  return `${who}|${target.type}:${target.id}`;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markReported(viewer: Identity, target: ReportTarget) {
  const key = keyOf(viewer, target);
  if (reported.has(key)) return;
  reported.add(key);
  for (const listener of listeners) listener();
}

/** Whether the viewer has reported `target` (as far as this tab knows). */
export function useReported(target: ReportTarget): boolean {
  const viewer = useViewer();
  const key = keyOf(viewer, target);
  return useSyncExternalStore(
    subscribe,
    () => reported.has(key),
    () => false,
  );
}
