import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../features/auth/hooks/auth-context.tsx';
import { ScreenSkeleton } from '../components/ScreenSkeleton.tsx';

/** Signed-out visitors go to /login, which brings them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <ScreenSkeleton />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
