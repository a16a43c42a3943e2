import { useEffect } from 'react';
import { useNavigate } from '../../../lib/router/router.tsx';
import { ScreenSkeleton } from '../../../components/ScreenSkeleton.tsx';
import { useAuthClient } from '../../../session/clients-context.tsx';
import { authFailureText } from '../../../session/auth-error-text.ts';
import { redirectError } from '../auth-redirect.ts';

const NOT_COMPLETED = 'Sign-in did not complete. Please try again.';

/**
 * Where a provider sends the browser back. supabase-js exchanges the PKCE code
 * by itself (detectSessionInUrl); this screen waits for the outcome: SIGNED_IN
 * goes to the app, any failure goes to /login, where it shows in the red box.
 */
export default function AuthCallbackPage() {
  const auth = useAuthClient();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    const toLogin = (error: string) => navigate('/login', { replace: true, state: { error } });
    const { data } = auth.onAuthStateChange((event, session) => {
      if (active && event === 'SIGNED_IN' && session) navigate('/', { replace: true });
    });

    const reported = redirectError(window.location);
    if (reported) {
      toLogin(reported);
    } else {
      // The exchange may have finished before this screen subscribed.
      void auth
        .initialize()
        .then(async ({ error }) => {
          if (!active) return;
          if (error) return toLogin(authFailureText(error));
          const { data: current } = await auth.getSession();
          if (!active) return;
          if (current.session) navigate('/', { replace: true });
          else toLogin(NOT_COMPLETED);
        })
        .catch((error: unknown) => active && toLogin(authFailureText(error)));
    }
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [auth, navigate]);

  return <ScreenSkeleton />;
}
