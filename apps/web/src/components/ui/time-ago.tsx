/**
 * A post's time, "5 minutes ago". The server draws the first screen (src/entry-server.tsx)
 * at its own time and in UTC, since it knows neither the browser's clock nor its zone. While
 * the browser hydrates that screen it must draw the same text, so it uses the time the page
 * carries; right after, and on every later render, the browser's own clock and zone.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { timeAgo } from '../../lib/labels.ts';

const PageClock = createContext<number | null>(null);

/** The time (ms) the server drew this page's first screen at, for its hydration. */
export const PageClockProvider = PageClock.Provider;

const subscribeNothing = () => () => {};
const client = () => false;
const serverOrHydrating = () => true;

export function TimeAgo({ iso }: { iso: string }) {
  const pageNow = useContext(PageClock);
  // true on the server and while hydrating; React renders again with false right after.
  const drawnByServer = useSyncExternalStore(subscribeNothing, client, serverOrHydrating);
  const text = drawnByServer && pageNow !== null ? timeAgo(iso, pageNow, 'UTC') : timeAgo(iso);
  return <time dateTime={iso}>{text}</time>;
}
