/**
 * Fetches, once the page has loaded and the browser is idle, the files of screens a visitor
 * is likely to open next (the Ask a Question form and its editor), into the HTTP cache;
 * once they have all arrived, and the browser is idle again, `warm` runs (it imports the
 * form, so that the first open does not wait for the editor's code to be compiled and run:
 * about a second on a slow phone). Nothing of it runs before the page has loaded, so the first
 * load stays what it was. The build lists the files in `<meta name="prefetch-on-idle">`
 * (vite.config.ts); a visitor who asked the browser to save data gets none.
 */
const IDLE_TIMEOUT_MS = 10_000;

interface NetworkInformation {
  saveData?: boolean;
}

export function prefetchOnIdle(warm: () => void): () => void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="prefetch-on-idle"]');
  const files = meta?.content.split(/\s+/).filter(Boolean) ?? [];
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (files.length === 0 || connection?.saveData) return () => {};

  let cancelled = false;
  let idle = 0;
  // Safari has no requestIdleCallback.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const whenIdle = (run: () => void) => {
    if (hasIdle) {
      idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      idle = window.setTimeout(run, 2000);
    }
  };
  const prefetch = () => {
    if (cancelled) return;
    const arrivals = files.map((href) => {
      const selector = `link[rel="prefetch"][href="${CSS.escape(href)}"]`;
      if (document.head.querySelector(selector)) return Promise.resolve();
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // A failed prefetch only means the form fetches its files when it opens.
      const arrived = new Promise<void>((resolve, reject) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => reject(), { once: true });
      });
      document.head.append(link);
      return arrived;
    });
    Promise.all(arrivals).then(
      () => {
        if (!cancelled) whenIdle(warm);
      },
      () => {},
    );
  };
  const start = () => whenIdle(prefetch);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Calls `onNear` once, when the pointer comes within `distance` pixels of the element (the
 * visitor is reaching for it).
 */
export function whenPointerNears(
  element: HTMLElement,
  onNear: () => void,
  distance = 120,
): () => void {
  let frame = 0;
  let x = 0;
  let y = 0;
  const check = () => {
    frame = 0;
    const box = element.getBoundingClientRect();
    const dx = Math.max(box.left - x, 0, x - box.right);
    const dy = Math.max(box.top - y, 0, y - box.bottom);
    if (Math.hypot(dx, dy) <= distance) {
      stop();
      onNear();
    }
  };
  const onMove = (event: PointerEvent) => {
    x = event.clientX;
    y = event.clientY;
    if (frame === 0) frame = requestAnimationFrame(check);
  };
  const stop = () => {
    document.removeEventListener('pointermove', onMove);
    if (frame !== 0) cancelAnimationFrame(frame);
  };
  document.addEventListener('pointermove', onMove, { passive: true });
  return stop;
}
