import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router/router.tsx';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { ScreenSkeleton } from '../../../components/ScreenSkeleton.tsx';
import { useAuthClient } from '../../../session/clients-context.tsx';
import { authFailureText } from '../../../session/auth-error-text.ts';
import { setNewPassword } from '../../../session/set-new-password.ts';
import { redirectError } from '../auth-redirect.ts';
import { NewPasswordField } from '../../../components/NewPasswordField.tsx';

const NOT_SIGNED_IN =
  'This reset link did not sign you in. Open it in the browser where you asked for it, or ask for a new one.';

/**
 * Where the reset link brings the browser back. supabase-js exchanges the
 * code by itself (detectSessionInUrl), which signs the person in; here they
 * choose the new password, and go on into the app.
 */
export default function ResetPasswordPage() {
  const auth = useAuthClient();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    const toLogin = (text: string) => navigate('/login', { replace: true, state: { error: text } });
    const reported = redirectError(window.location);
    if (reported) {
      toLogin(reported);
    } else {
      void auth
        .initialize()
        .then(async ({ error: initError }) => {
          if (!active) return;
          if (initError) return toLogin(authFailureText(initError));
          const { data } = await auth.getSession();
          if (!active) return;
          if (data.session) setReady(true);
          else toLogin(NOT_SIGNED_IN);
        })
        .catch((failure: unknown) => active && toLogin(authFailureText(failure)));
    }
    return () => {
      active = false;
    };
  }, [auth, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await setNewPassword(auth, password);
      navigate('/', { replace: true, state: { notice: 'Your new password is set.' } });
    } catch (failure) {
      setError(authFailureText(failure));
      setBusy(false);
    }
  }

  if (!ready) return <ScreenSkeleton />;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-12" />
        <p className="text-lg font-semibold">Energy Tracker</p>
      </div>
      <section className="card" aria-labelledby="reset-heading">
        <h1 id="reset-heading" className="text-2xl font-semibold tracking-tight">
          Choose a New Password
        </h1>
        <form
          className="mt-6 flex flex-col gap-4"
          onSubmit={(e) => void submit(e)}
          aria-busy={busy}
        >
          {error && <MessageBox kind="error">{error}</MessageBox>}
          <NewPasswordField id="reset-password" value={password} onChange={setPassword} />
          <button type="submit" className="btn-primary mt-2 w-full" disabled={busy}>
            Set Password
          </button>
        </form>
      </section>
    </main>
  );
}
