import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.tsx';
import { ScreenSkeleton } from '../components/ScreenSkeleton.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// Each screen is its own chunk: a signed-out visitor downloads the login
// screen only, a returning user the journal only.
const LoginPage = lazy(() => import('../features/auth/components/LoginPage.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/components/AuthCallbackPage.tsx'));
const MainApp = lazy(() => import('./MainApp.tsx'));

export function AppRoutes() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<ScreenSkeleton />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route
            path="/"
            element={
              <RequireAuth>
                <MainApp />
              </RequireAuth>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
