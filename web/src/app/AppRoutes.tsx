import { Navigate, Route, Routes } from 'react-router';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.tsx';
import { RESET_PASSWORD_PATH } from '../features/auth/api/password-reset.ts';
import AuthCallbackPage from '../features/auth/components/AuthCallbackPage.tsx';
import LoginPage from '../features/auth/components/LoginPage.tsx';
import { MainAppRoute } from './MainAppRoute.tsx';
import { PreloadMainAppOnIntent } from './PreloadMainAppOnIntent.tsx';
import ResetPasswordPage from '../features/auth/components/ResetPasswordPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// The login screens ship without the signed-in app, whose code loads on its
// own (docs/decisions/016): before the first render on any other address,
// and from the login screen as soon as the visitor starts to sign in. It is
// not React.lazy: Suspense would hold a skeleton for at least 300 ms.
export function AppRoutes() {
  return (
    <ScreenErrorBoundary>
      <Routes>
        <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
        <Route
          path="/login"
          element={
            <PreloadMainAppOnIntent>
              <LoginPage />
            </PreloadMainAppOnIntent>
          }
        />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        {['/', '/insights'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireAuth>
                <MainAppRoute />
              </RequireAuth>
            }
          />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </ScreenErrorBoundary>
  );
}
