import { Navigate, Route, Routes } from 'react-router';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.tsx';
import AuthCallbackPage from '../features/auth/components/AuthCallbackPage.tsx';
import LoginPage from '../features/auth/components/LoginPage.tsx';
import MainApp from './MainApp.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// The screens ship in one bundle on purpose: a lazily loaded screen makes
// React hold its skeleton for at least 300 ms (Suspense reveal throttling),
// far longer than the ~25 KB of gzipped script that splitting would save
// (ADR 009). The journal screen, opened many times a day, must come first.
export function AppRoutes() {
  return (
    <ScreenErrorBoundary>
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
    </ScreenErrorBoundary>
  );
}
