/** Routes of the specification; every screen but the feed loads on demand. */
import { MY_CONTENT_PATH, MY_QUESTION_ROUTE, QUESTION_ROUTE } from '@dating/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { StatusMessage } from '../components/ui/status-message.tsx';
import { withCatalogues } from '../lib/i18n.ts';
import { UI } from '../lib/messages.ts';
import { MODERATION_CATALOGUE } from '../locales/moderation/index.ts';
import { MY_DATA_CATALOGUE } from '../locales/my-data/index.ts';
import { PRIVATE_KEY_CATALOGUE } from '../locales/private-key/index.ts';
import { SITE_PAGES_CATALOGUE } from '../locales/site-pages/index.ts';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/**
 * A screen loaded on demand, and its `preload`: once that has settled, the screen draws at
 * once rather than suspending. A screen drawn on the server is preloaded before it is drawn
 * there (src/entry-server.tsx) and before the browser takes the drawing over (main.tsx), so
 * that hydration takes the whole page in one pass rather than leaving the screen drawn but
 * dead until its code comes and React hydrates its Suspense boundary on its own.
 */
function lazyScreen(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null;
  const preload = async () => {
    loaded = await load();
  };
  const Lazy = lazy(async () => ({ default: await load() }));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Screen, preload };
}

/** The pages that explain the site, with their catalogue in the page's language. */
const sitePageScreen = () => withCatalogues(import('./routes/site-page.tsx'), SITE_PAGES_CATALOGUE);

/** The screens loaded on demand, by path; each shows 'Loading…' until its code has come. */
const LAZY_ROUTES = [
  {
    path: QUESTION_ROUTE,
    ...lazyScreen(async () => (await import('./routes/question.tsx')).QuestionRoute),
  },
  {
    path: MY_QUESTION_ROUTE,
    ...lazyScreen(async () => (await import('./routes/my-question.tsx')).MyQuestionRoute),
  },
  {
    path: MY_CONTENT_PATH,
    ...lazyScreen(
      async () =>
        (
          await withCatalogues(
            import('./routes/my-content.tsx'),
            PRIVATE_KEY_CATALOGUE,
            MY_DATA_CATALOGUE,
          )
        ).MyContentRoute,
    ),
  },
  {
    path: '/notifications',
    ...lazyScreen(async () => (await import('./routes/notifications.tsx')).NotificationsRoute),
  },
  {
    path: '/admin/reports',
    ...lazyScreen(
      async () =>
        (await withCatalogues(import('./routes/admin-reports.tsx'), MODERATION_CATALOGUE))
          .AdminReportsRoute,
    ),
  },
  {
    path: '/admin/watched-words',
    ...lazyScreen(
      async () =>
        (await withCatalogues(import('./routes/admin-watched-words.tsx'), MODERATION_CATALOGUE))
          .AdminWatchedWordsRoute,
    ),
  },
  {
    path: '/register',
    ...lazyScreen(async () => (await import('./routes/register.tsx')).RegisterRoute),
  },
  { path: '/login', ...lazyScreen(async () => (await import('./routes/login.tsx')).LoginRoute) },
  {
    path: '/about',
    ...lazyScreen(async () => (await sitePageScreen()).AboutRoute),
  },
  {
    path: '/privacy',
    ...lazyScreen(async () => (await sitePageScreen()).PrivacyRoute),
  },
  {
    path: '/rules',
    ...lazyScreen(async () => (await sitePageScreen()).RulesRoute),
  },
];

/** Loads the code of `pathname`'s screen, when it is one loaded on demand. */
export function preloadScreen(pathname: string): Promise<void> {
  const route = LAZY_ROUTES.find(({ path }) => matchPath(path, pathname));
  return route ? route.preload() : Promise.resolve();
}

/** A screen's code on its way; a component, so that its words are read in the page's language. */
function Loading() {
  return <StatusMessage>{UI.loading}</StatusMessage>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomeRoute />} />
        {LAZY_ROUTES.map(({ path, Screen }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Loading />}>
                <Screen />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
