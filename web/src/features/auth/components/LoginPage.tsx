import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from '../../../lib/router/router.tsx';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { ScreenSkeleton } from '../../../components/ScreenSkeleton.tsx';
import { useAuth } from '../../../session/auth-context.tsx';
import { LoginForm, SIGNED_UP_NOTICE } from './LoginForm.tsx';

interface LoginLocationState {
  /** Where a signed-out visitor was going (set by RequireAuth). */
  from?: Location;
  /** A sign-in failure reported by the redirect back from a provider. */
  error?: string;
  /** What happened on the way out (an account deleted), shown in the green box. */
  notice?: string;
}

export default function LoginPage() {
  const { loading, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginLocationState;
  // Set while a sign-up is under way: the session it yields arrives (and this
  // screen navigates away) before the call returns, so the success text of
  // docs/product.md 8 travels with the navigation and shows as a toast on arrival.
  const [signingUp, setSigningUp] = useState(false);

  // Once the form is on screen it holds the reported failure in its red box;
  // dropping it from the history entry then keeps a reload (or Back) from
  // reporting it a second time.
  const { error: reported, notice, from } = state;
  const formShown = !loading && !user;
  useEffect(() => {
    if ((reported === undefined && notice === undefined) || !formShown) return;
    const { pathname, search, hash } = location;
    navigate({ pathname, search, hash }, { replace: true, state: { from } });
  }, [reported, notice, from, formShown, location, navigate]);

  if (loading) return <ScreenSkeleton />;
  if (user) {
    const from = state.from;
    const target = from ? `${from.pathname}${from.search}${from.hash}` : '/';
    const arrival = signingUp ? { notice: SIGNED_UP_NOTICE } : undefined;
    return <Navigate to={target} replace state={arrival} />;
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-12" />
        <p className="text-lg font-semibold">Energy Tracker</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Track your energy levels and get personalized insights
        </p>
      </div>
      <LoginForm
        initialError={state.error}
        initialNotice={state.notice}
        onSignUpStart={() => setSigningUp(true)}
        onSignUpEnd={() => setSigningUp(false)}
      />
    </main>
  );
}
