/**
 * The app's live connection (lib/live-events.ts) and its hooks: the unread count for the
 * header and the title, and a thread's new replies for the question page.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useKeyInUse } from '../../../lib/anonymous-key.ts';
import { api } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.ts';
import type { LiveEvents, ThreadListener } from '../../../lib/live-events.ts';
import { onSessionIdChange, peekSessionId, tokens } from '../../../lib/storage.ts';
import { titleWithUnread } from './messages.ts';

function connect(Client: typeof LiveEvents): LiveEvents {
  return new Client({
    fetch: (url, init) => window.fetch(url, init),
    baseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, ''),
    // One identity per request, as the API client sends it: the token, else the tab's key.
    identityHeaders: (): Record<string, string> | null => {
      const access = tokens.access();
      if (access) return { Authorization: `Bearer ${access}` };
      const key = peekSessionId();
      return key ? { 'X-Session-Id': key } : null;
    },
    // Any call refreshes an expired token (or signs out when it cannot).
    onUnauthorized: async () => {
      await api.get('/api/notifications/unread/').catch(() => undefined);
    },
  });
}

/**
 * The app's live connection, loaded with its code only when it starts (after the first
 * screen): until then it keeps what it is told (identity, the thread watched) and hands it
 * over. The first screen's JavaScript stays within its budget.
 */
class LazyLiveEvents {
  private client: LiveEvents | null = null;
  private identified = false;
  private watching: {
    question: number;
    since: number;
    listener: ThreadListener;
    stop?: () => void;
  } | null = null;
  private readonly listeners = new Set<() => void>();

  getUnread = (): number | null => this.client?.getUnread() ?? null;

  subscribeUnread = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setIdentified(identified: boolean) {
    this.identified = identified;
    this.client?.setIdentified(identified);
  }

  restart() {
    this.client?.restart();
  }

  retryNow() {
    this.client?.retryNow();
  }

  watch(question: number, since: number, listener: ThreadListener): () => void {
    const watching = {
      question,
      since,
      listener,
      stop: this.client?.watch(question, since, listener),
    };
    this.watching = watching;
    return () => {
      watching.stop?.();
      if (this.watching === watching) this.watching = null;
    };
  }

  async start() {
    if (this.client) return;
    const { LiveEvents: Client } = await import('../../../lib/live-events.ts');
    if (this.client) return;
    const client = connect(Client);
    this.client = client;
    client.subscribeUnread(() => {
      for (const listener of this.listeners) listener();
    });
    client.setIdentified(this.identified);
    const watching = this.watching;
    if (watching)
      watching.stop = client.watch(watching.question, watching.since, watching.listener);
    client.start();
  }
}

export const liveEvents = new LazyLiveEvents();

/** Whether the visitor has an inbox worth showing: signed in, or this tab's key is in use. */
export function useHasInbox(): boolean {
  const viewer = useViewer();
  const keyInUse = useKeyInUse();
  return viewer.signedIn || (!viewer.loading && keyInUse);
}

/**
 * Keeps the connection told whether the visitor has an identity worth following (signed
 * in, or this tab's key has posts or follows), and opened afresh when that identity changes.
 * Used once, by the header.
 */
export function useLiveIdentity(): boolean {
  const identified = useHasInbox();
  useEffect(() => {
    liveEvents.setIdentified(identified);
  }, [identified]);
  useEffect(() => {
    startWhenQuiet();
    const restart = () => liveEvents.restart();
    const stopTokens = tokens.subscribe((event) => {
      if (event !== 'refreshed') restart();
    });
    const stopKey = onSessionIdChange(restart);
    const online = () => liveEvents.retryNow();
    window.addEventListener('online', online);
    return () => {
      stopTokens();
      stopKey();
      window.removeEventListener('online', online);
    };
  }, []);
  return identified;
}

/** The unread count, live; null while unknown or without an identity. */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(liveEvents.subscribeUnread, liveEvents.getUnread, () => null);
}

/** Keeps "(n) " in front of the tab's title, whichever screen sets the title. */
export function useUnreadTitle(unread: number | null) {
  useEffect(() => {
    const apply = () => {
      const wanted = titleWithUnread(document.title, unread);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    // Screens render their own <title>: each change of it gets the count again.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, null);
    };
  }, [unread]);
}

/**
 * Calls `onReply` with each reply that becomes visible in the thread (null: none) after
 * `since` (the newest reply the page shows), while mounted; `onUnavailable` once, when the
 * question is deleted or hidden from the visitor (then nothing more comes).
 */
export function useThreadReplies(
  questionId: number | null,
  since: number,
  onReply: (answer: number) => void,
  onUnavailable: () => void,
) {
  const latest = useRef({ onReply, onUnavailable, since });
  useEffect(() => {
    latest.current = { onReply, onUnavailable, since };
  });
  useEffect(
    () =>
      questionId === null
        ? undefined
        : liveEvents.watch(questionId, latest.current.since, {
            reply: (answer) => latest.current.onReply(answer),
            unavailable: () => latest.current.onUnavailable(),
          }),
    [questionId],
  );
}

/** How long after the page's load event the stream waits (then for an idle moment). */
const START_AFTER_LOAD_MS = 2_000;

/**
 * Opens the live connection once the first screen is done: after the load event, a pause
 * and an idle moment, so that the stream never competes with what the page needs first.
 * (Tools that wait for a quiet network, like Lighthouse, get their quiet moment too.)
 */
function startWhenQuiet() {
  const idle = () => {
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(() => void liveEvents.start(), { timeout: 3_000 });
    } else void liveEvents.start();
  };
  const afterLoad = () => window.setTimeout(idle, START_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
