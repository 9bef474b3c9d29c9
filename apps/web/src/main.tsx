// The design tokens and element defaults come first; the components' CSS modules follow.
import './styles/tokens.css';
import './styles/base.css';
import { APP_READY_MARK } from '@dating/contract';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { readInitialData, seedInitialData } from './features/questions/api/initial-data.ts';
import { beginTakeover, endTakeover, useHydrated } from './hooks/use-hydrated.ts';
import { createQueryClient } from './lib/query-client.ts';
import { carryOverStoredTheme } from './lib/storage.ts';

carryOverStoredTheme();

/**
 * Marks the moment the app has taken the page over (its first commit, or the end of taking a
 * drawn screen over), for measurements.
 */
function MarkReady({ children }: { children: ReactNode }) {
  const own = useHydrated();
  useEffect(() => {
    if (own && performance.getEntriesByName(APP_READY_MARK).length === 0) {
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
    <MarkReady>
      <App queryClient={queryClient} pageNow={readInitialData()?.now ?? null} />
    </MarkReady>
  </StrictMode>
);
/** A task of its own for what follows, so the page answers input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server drew the first screen (src/entry-server.tsx) when it had the data for it: the
// app takes over that markup rather than drawing it again, once the screen's code is here
// (its files were asked for with the page), so that it draws the tree in one pass as the
// server did (router.tsx). Until then the drawing reads whole, its links work and its
// controls are disabled. A screen whose code fails to come is left to its Suspense.
if (root.firstElementChild) {
  const drawn = root;
  beginTakeover();
  void preloadScreen(window.location.pathname)
    .catch(() => {})
    .then(nextTask)
    .then(() => hydrateRoot(drawn, app))
    .then(nextTask)
    .then(endTakeover);
} else {
  createRoot(root).render(app);
}
