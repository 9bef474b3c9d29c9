// The design tokens and element defaults come first; the components' CSS modules follow.
import './styles/tokens.css';
import './styles/base.css';
import { APP_READY_MARK } from '@dating/contract';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readInitialData, seedInitialData } from './features/questions/api/initial-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { carryOverStoredTheme } from './lib/storage.ts';

carryOverStoredTheme();

/** Marks the moment the app has taken the page over (its first commit), for measurements. */
function MarkReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (performance.getEntriesByName(APP_READY_MARK).length === 0) {
      performance.mark(APP_READY_MARK);
    }
  }, []);
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
// The server drew the first screen (src/entry-server.tsx) when it had the data for it: the
// app takes over that markup rather than drawing it again. Hydrating at once lets React
// replay any click made before it is done.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
