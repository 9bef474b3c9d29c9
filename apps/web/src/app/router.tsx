/** Routes of the specification; every screen but the feed loads on demand. */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { StatusMessage } from '../components/ui/status-message.tsx';
import { UI } from '../lib/messages.ts';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** The screens loaded on demand, by path; each shows 'Loading…' until its code has come. */
const LAZY_ROUTES = [
  {
    path: 'questions/:id',
    Screen: lazy(async () => ({
      default: (await import('./routes/question.tsx')).QuestionRoute,
    })),
  },
  {
    path: 'my/questions/:id',
    Screen: lazy(async () => ({
      default: (await import('./routes/my-question.tsx')).MyQuestionRoute,
    })),
  },
  {
    path: 'my/content',
    Screen: lazy(async () => ({
      default: (await import('./routes/my-content.tsx')).MyContentRoute,
    })),
  },
  {
    path: 'notifications',
    Screen: lazy(async () => ({
      default: (await import('./routes/notifications.tsx')).NotificationsRoute,
    })),
  },
  {
    path: 'admin/reports',
    Screen: lazy(async () => ({
      default: (await import('./routes/admin-reports.tsx')).AdminReportsRoute,
    })),
  },
  {
    path: 'register',
    Screen: lazy(async () => ({ default: (await import('./routes/register.tsx')).RegisterRoute })),
  },
  {
    path: 'login',
    Screen: lazy(async () => ({ default: (await import('./routes/login.tsx')).LoginRoute })),
  },
  {
    path: 'about',
    Screen: lazy(async () => ({ default: (await import('./routes/site-page.tsx')).AboutRoute })),
  },
  {
    path: 'privacy',
    Screen: lazy(async () => ({
      default: (await import('./routes/site-page.tsx')).PrivacyRoute,
    })),
  },
  {
    path: 'rules',
    Screen: lazy(async () => ({ default: (await import('./routes/site-page.tsx')).RulesRoute })),
  },
];

const loading = <StatusMessage>{UI.loading}</StatusMessage>;

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
              <Suspense fallback={loading}>
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
