import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router/router.tsx';
import { useAuth } from '../session/auth-context.tsx';
import {
  hasAuthParams,
  landingFailure,
  withoutAuthParams,
} from '../features/auth/auth-redirect.ts';
import { ScreenSkeleton } from '../components/ScreenSkeleton.tsx';
import { needsSecondStep } from '../session/second-step.ts';
import { useRuntimeConfig } from '../session/clients-context.tsx';
import { SignedInSessionContext } from '../session/signed-in-session.tsx';
import { storedSession } from '../session/stored-session.ts';
import { useBrowserOffline } from '../lib/use-browser-offline.ts';
import { useWaited } from '../lib/use-waited.ts';

/**
 * How long supabase-js may take to report the session before the one kept on
 * the device opens the app: on a network that connects but never answers, its
 * refresh of an expired token waits until the browser gives up
 * (docs/decisions/050).
 */
const SESSION_WAIT_MS = 3000;

// Loaded only when a session still owes its code: /login stays as light as it was.
const SecondStepPage = lazy(() =>
  import('../features/auth/components/SecondStepPage.tsx').then((module) => ({
    default: module.SecondStepPage,
  })),
);

/**
 * The door of the signed-in app, in its own chunk (docs/decisions/045), so
 * that what it needs for an offline start weighs nothing on /login.
 * Signed-out visitors go to /login, which brings them back here afterwards.
 * A confirmation link lands here too (docs/product.md 7: the e-mail redirect is the site
 * origin): its failure travels to /login for the red box, and its parameters
 * are dropped either way, so neither a later sign-out nor the way back from
 * /login reads an old link's outcome again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, session: reported } = useAuth();
  const location = useLocation();
  const { supabaseUrl } = useRuntimeConfig();
  const offline = useBrowserOffline();
  const waitedLong = useWaited(loading, SESSION_WAIT_MS);
  // supabase-js cannot refresh an expired session without a network: it keeps
  // trying (up to 30 s, then again later) and meanwhile reports none. The
  // session it keeps on the device opens the app offline, straight into
  // Track; saves wait in the outbox until it is refreshed (docs/decisions/045).
  // The same when the network only seems to be there. The data client still
  // asks supabase-js for the token, so no read goes out with the expired one.
  const kept = !reported && (offline || !loading || waitedLong) ? storedSession(supabaseUrl) : null;
  const session = reported ?? (kept && !needsSecondStep(kept) ? kept : null);
  if (loading && !session) return <ScreenSkeleton />;
  if (!session) {
    const state = {
      from: withoutAuthParams(location),
      error: landingFailure(location) ?? undefined,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  // Two-step sign-in: the journal opens once the session has given its code.
  if (needsSecondStep(session)) {
    return (
      <Suspense fallback={<ScreenSkeleton />}>
        <SecondStepPage />
      </Suspense>
    );
  }
  // supabase-js took a traded code out of the address bar behind the router's
  // back, and leaves error parameters where they are; either way the router's
  // location and the address bar end up clean.
  if (hasAuthParams(location)) {
    const clean = withoutAuthParams(location);
    return <Navigate to={clean} replace state={location.state as unknown} />;
  }
  return (
    <SignedInSessionContext.Provider value={session}>{children}</SignedInSessionContext.Provider>
  );
}
