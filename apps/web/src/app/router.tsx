/** Routes of the specification; every screen but the feed loads on demand. */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { StatusMessage } from '../components/ui/status-message.tsx';
import { UI } from '../lib/messages.ts';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

const QuestionRoute = lazy(async () => ({
  default: (await import('./routes/question.tsx')).QuestionRoute,
}));
const MyQuestionRoute = lazy(async () => ({
  default: (await import('./routes/my-question.tsx')).MyQuestionRoute,
}));
const MyContentRoute = lazy(async () => ({
  default: (await import('./routes/my-content.tsx')).MyContentRoute,
}));
const AdminReportsRoute = lazy(async () => ({
  default: (await import('./routes/admin-reports.tsx')).AdminReportsRoute,
}));
const RegisterRoute = lazy(async () => ({
  default: (await import('./routes/register.tsx')).RegisterRoute,
}));
const LoginRoute = lazy(async () => ({
  default: (await import('./routes/login.tsx')).LoginRoute,
}));

const loading = <StatusMessage>{UI.loading}</StatusMessage>;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomeRoute />} />
        <Route
          path="questions/:id"
          element={
            <Suspense fallback={loading}>
              <QuestionRoute />
            </Suspense>
          }
        />
        <Route
          path="my/questions/:id"
          element={
            <Suspense fallback={loading}>
              <MyQuestionRoute />
            </Suspense>
          }
        />
        <Route
          path="my/content"
          element={
            <Suspense fallback={loading}>
              <MyContentRoute />
            </Suspense>
          }
        />
        <Route
          path="admin/reports"
          element={
            <Suspense fallback={loading}>
              <AdminReportsRoute />
            </Suspense>
          }
        />
        <Route
          path="register"
          element={
            <Suspense fallback={loading}>
              <RegisterRoute />
            </Suspense>
          }
        />
        <Route
          path="login"
          element={
            <Suspense fallback={loading}>
              <LoginRoute />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
