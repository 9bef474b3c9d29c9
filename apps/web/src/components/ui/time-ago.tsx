/**
 * A post's time, "5 minutes ago", in the page's language. The server draws the first screen
 * (src/entry-server.tsx) at its own time and in UTC, since it knows neither the browser's
 * clock nor its zone, and without Intl (lib/labels.ts `drawnTimeAgo`: English words, or a
 * plain day in Spanish and Arabic). While the browser hydrates that screen it must draw the
 * same text, so it uses the time the page carries; right after, and on every later render,
 * the browser's own clock and zone, through Intl.
 */
import { createContext, useContext } from 'react';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { activeLocale } from '../../lib/i18n.ts';
import { drawnTimeAgo, timeAgo } from '../../lib/labels.ts';

const PageClock = createContext<number | null>(null);

/** The time (ms) the server drew this page's first screen at, for its hydration. */
export const PageClockProvider = PageClock.Provider;

export function TimeAgo({ iso }: { iso: string }) {
  const pageNow = useContext(PageClock);
  // The server's clock on the server and while hydrating; React renders again right after.
  const hydrated = useHydrated();
  const text =
    !hydrated && pageNow !== null ? drawnTimeAgo(iso, pageNow, activeLocale()) : timeAgo(iso);
  return <time dateTime={iso}>{text}</time>;
}
