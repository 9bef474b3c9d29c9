/**
 * Scroll positions per history entry, as a browser keeps them for full pages: Back and
 * Forward (and a reload) return to where the visitor was, once the page is tall enough
 * again; any other navigation to a new page starts at the top. Positions live in this
 * tab's sessionStorage, keyed by the router's location key.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 100;
/** How long a restore waits for the page to grow tall enough (content still loading). */
const RESTORE_WAIT_MS = 4000;

function load(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function save(positions: Record<string, number>) {
  const entries = Object.entries(positions).slice(-MAX_ENTRIES);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // No storage: positions are kept for this page's life only.
  }
}

export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef(location.key);
  const lastPath = useRef<string | null>(null);

  // Remember the position of the entry on screen as the visitor scrolls.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= load();
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (positions.current) positions.current[current.current] = window.scrollY;
      });
    };
    const persist = () => {
      if (positions.current) save(positions.current);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= load();
    const previousPath = lastPath.current;
    current.current = location.key;
    lastPath.current = location.pathname;
    if (positions.current) save(positions.current);

    const saved = positions.current[location.key];
    if (navigationType !== 'POP' || saved === undefined) {
      // A new entry: a new page starts at the top; a new query on the same page stays put.
      if (previousPath !== null && previousPath !== location.pathname) window.scrollTo(0, 0);
      return;
    }
    // Back, Forward or a reload: wait until the page is tall enough, unless the visitor
    // scrolls first.
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
    };
    const started = performance.now();
    const attempt = () => {
      if (stopped) return;
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      if (reachable || performance.now() - started > RESTORE_WAIT_MS) {
        window.scrollTo(0, saved);
        stop();
        return;
      }
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    const interrupt = ['wheel', 'touchstart', 'keydown'] as const;
    for (const type of interrupt)
      window.addEventListener(type, stop, { passive: true, once: true });
    return () => {
      stop();
      for (const type of interrupt) window.removeEventListener(type, stop);
    };
  }, [location.key, location.pathname, navigationType]);
}
