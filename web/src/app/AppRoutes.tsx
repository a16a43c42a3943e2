import type { ReactNode } from 'react';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.tsx';
import { RESET_PASSWORD_PATH } from '../features/auth/api/password-reset.ts';
import AuthCallbackPage from '../features/auth/components/AuthCallbackPage.tsx';
import LoginPage from '../features/auth/components/LoginPage.tsx';
import ResetPasswordPage from '../features/auth/components/ResetPasswordPage.tsx';
import { Navigate, useLocation } from '../lib/router/router.tsx';
import { MainAppRoute } from './MainAppRoute.tsx';
import { PreloadMainAppOnIntent } from './PreloadMainAppOnIntent.tsx';

// The login screens ship without the signed-in app, whose code loads on its
// own (docs/decisions/016): before the first render on any other address,
// and from the login screen as soon as the visitor starts to sign in. It is
// not React.lazy: Suspense would hold a skeleton for at least 300 ms.
export function AppRoutes() {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary>{screenAt(pathname)}</ScreenErrorBoundary>;
}

/**
 * The screen for an address. Like react-router's matching, case and a
 * trailing slash do not matter. '/' and '/insights' give the same element, so
 * moving between them keeps the signed-in app mounted.
 */
function screenAt(pathname: string): ReactNode {
  switch (pathname.toLowerCase().replace(/(.)\/+$/, '$1')) {
    case RESET_PASSWORD_PATH:
      return <ResetPasswordPage />;
    case '/login':
      return (
        <PreloadMainAppOnIntent>
          <LoginPage />
        </PreloadMainAppOnIntent>
      );
    case '/auth/callback':
      return <AuthCallbackPage />;
    case '/':
    case '/insights':
      // Behind <RequireAuth>, which comes with the signed-in app's code.
      return <MainAppRoute />;
    default:
      // A week's review, /insights/review[/YYYY-MM-DD] (docs/product.md
      // 10.1), where the weekly reminder links: the signed-in app reads the
      // week from the address. Checked here, not as a route of its own, to
      // keep the login screen's script within its budget.
      return pathname.startsWith('/insights/review') ? (
        <MainAppRoute />
      ) : (
        <Navigate to="/" replace />
      );
  }
}
