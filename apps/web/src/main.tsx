// The design tokens and element defaults come first; the components' CSS modules follow.
import './styles/tokens.css';
import './styles/base.css';
import { APP_READY_MARK, isSiteLocale, RECOVERABLE_ERROR_PREFIX } from '@dating/contract';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { readInitialData, seedInitialData } from './features/questions/api/initial-data.ts';
import { beginTakeover, endTakeover, useHydrated } from './hooks/use-hydrated.ts';
import { activateLocale, choosePageLocale, loadLocale } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { carryOverStoredTheme } from './lib/storage.ts';

carryOverStoredTheme();

/**
 * Ends the takeover of a drawn screen once hydration has committed, in a task of its own
 * (hooks/use-hydrated.ts), and marks the moment the app has the page (its first commit, or
 * the end of that takeover) for measurements.
 */
function Takeover({ children }: { children: ReactNode }) {
  const own = useHydrated();
  useEffect(() => {
    if (!own) {
      const timer = setTimeout(endTakeover, 0);
      return () => clearTimeout(timer);
    }
    if (performance.getEntriesByName(APP_READY_MARK).length === 0) {
      performance.mark(APP_READY_MARK);
    }
  }, [own]);
  return children;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
seedInitialData(queryClient);
const app = (
  <StrictMode>
    <Takeover>
      <App queryClient={queryClient} pageNow={readInitialData()?.now ?? null} />
    </Takeover>
  </StrictMode>
);
/** A task of its own for what follows, so the page answers input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * An error React recovered from, above all a difference between the server's drawing and the
 * browser's first render (React then throws the drawn part away and draws it again): a bug
 * to fix, never to live with. Reported as an uncaught error, with the components it was in,
 * so that the end-to-end tests fail on any.
 */
function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  reportError(new Error(`${RECOVERABLE_ERROR_PREFIX} ${message}${info.componentStack ?? ''}`));
}

// The server drew the first screen (src/entry-server.tsx) when it had the data for it: the
// app takes over that markup rather than drawing it again, once the screen's code is here
// (its files were asked for with the page), so that hydration never suspends (router.tsx).
// Until then the drawing reads whole, its links work and its controls are disabled. A screen
// whose code fails to come is left to its Suspense. Hydration runs as a transition, which
// React renders in slices of a few milliseconds, yielding to the browser in between, rather
// than in one long task (about a second of a phone's main thread on the home page, all of
// it blocking input). The page's first paint comes before any of this: the build runs this
// file only after it (vite.config.ts, startAfterPaint).
/**
 * The page's language, as the server wrote it on `<html lang>` (from the `lang` cookie or
 * Accept-Language), made the app's before it first renders: the drawing is in that language,
 * and hydration must find the same words. Its catalogue (English's too: every language's is
 * a chunk of its own) was asked for with the page (a modulepreload link), so this waits for
 * no extra round trip. Should it fail to come, the app falls back to English, and React
 * redraws the drawn screen in it.
 */
async function pageLanguage(): Promise<void> {
  const lang = document.documentElement.lang;
  const page = isSiteLocale(lang) ? lang : 'en';
  choosePageLocale(page);
  for (const locale of page === 'en' ? (['en'] as const) : ([page, 'en'] as const)) {
    try {
      await loadLocale(locale);
      activateLocale(locale);
      return;
    } catch {
      // The next one: English.
    }
  }
}
const languageReady = pageLanguage();

if (root.firstElementChild) {
  const drawn = root;
  beginTakeover();
  void Promise.all([preloadScreen(window.location.pathname).catch(() => {}), languageReady])
    .then(nextTask)
    .then(() =>
      startTransition(() => {
        hydrateRoot(drawn, app, { onRecoverableError: reportRecoverableError });
      }),
    );
} else {
  void languageReady.then(() => createRoot(root).render(app));
}
