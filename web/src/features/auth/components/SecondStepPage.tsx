import { useState, type FormEvent } from 'react';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useAuthClient, useRuntimeConfig } from '../../../session/clients-context.tsx';
import { useAuth } from '../../../session/auth-context.tsx';
import { hasRecoveryCodes, verifiedAuthenticator } from '../../../session/second-step.ts';
import { verifyAuthenticatorCode, verifyRecoveryCode } from '../api/second-step.ts';
import { authFailureText } from '../../../session/auth-error-text.ts';
import { loggedOutNotice, logOut as logOutHere } from '../../../journal/log-out.ts';
import { useNavigate } from '../../../lib/router/router.tsx';

/**
 * Shown in place of the journal to a person with two-step sign-in whose
 * session has not given its code yet: the password (or Google) was the first
 * step; this is the second. A lost phone is what the recovery codes are for.
 */
export function SecondStepPage() {
  const auth = useAuthClient();
  const { session } = useAuth();
  const { supabaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const factor = verifiedAuthenticator(session);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !factor) return;
    setBusy(true);
    setError(null);
    try {
      if (useRecoveryCode) await verifyRecoveryCode(auth, code);
      else await verifyAuthenticatorCode(auth, factor.id, code);
    } catch (failure) {
      setError(authFailureText(failure));
      setBusy(false);
    }
  }

  async function logOut() {
    setError(null);
    try {
      // No data client before the journal opens: the browser's push
      // subscription is ended, its row is left for the server to drop.
      const server = await logOutHere({ auth, supabaseUrl, session });
      navigate('/login', { replace: true, state: { notice: loggedOutNotice(server) } });
    } catch (failure) {
      setError(authFailureText(failure));
    }
  }

  function switchMode() {
    setUseRecoveryCode((value) => !value);
    setCode('');
    setError(null);
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-12" />
        <h1 className="text-lg font-semibold">Two-step sign-in</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {useRecoveryCode
            ? 'Enter one of the recovery codes you saved. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      <form className="card flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        {error && <MessageBox kind="error">{error}</MessageBox>}
        <TextField
          id="second-step-code"
          label={useRecoveryCode ? 'Recovery code' : 'Code'}
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode={useRecoveryCode ? 'text' : 'numeric'}
          maxLength={useRecoveryCode ? 40 : 7}
          value={code}
          onChange={setCode}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          Verify
        </button>
        {/* Only where the person has recovery codes: a hosted project makes them only when enabled. */}
        {hasRecoveryCodes(session) && (
          <button type="button" className="btn-secondary w-full" onClick={switchMode}>
            {useRecoveryCode ? 'Use the authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <button type="button" className="btn-secondary w-full" onClick={() => void logOut()}>
          Log Out
        </button>
      </form>
    </main>
  );
}
