import type { Session } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { useAuthClient } from '../../../lib/app-context.tsx';
import { verifiedAuthenticator } from '../../../lib/second-step.ts';
import { authFailureText } from '../../../lib/auth-error-text.ts';
import {
  finishAuthenticatorSetup,
  groupedCode,
  startAuthenticatorSetup,
  turnOffTwoStep,
  type NewAuthenticator,
} from '../api/two-step.ts';

/**
 * 'Two-step sign-in': an authenticator app's code after the password, so that
 * a stolen password is not the journal. Setting up shows a QR code, asks for
 * the first code, then shows ten recovery codes once.
 */
export function TwoStepSection({ session }: { session: Session }) {
  const auth = useAuthClient();
  const showToast = useToast();
  const factor = verifiedAuthenticator(session);
  const [setup, setSetup] = useState<NewAuthenticator | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showToast('error', authFailureText(error));
    } finally {
      setBusy(false);
    }
  }

  const start = () => run(async () => setSetup(await startAuthenticatorSetup(auth)));

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!setup) return;
    void run(async () => {
      const codes = await finishAuthenticatorSetup(auth, setup.factorId, code);
      setSetup(null);
      setCode('');
      setRecoveryCodes(codes);
      showToast('success', 'Two-step sign-in is on.');
    });
  };

  const turnOff = (factorId: string) =>
    run(async () => {
      await turnOffTwoStep(auth, factorId);
      showToast('success', 'Two-step sign-in is off.');
    });

  return (
    <section className="card flex flex-col gap-4" aria-labelledby="two-step-heading">
      <h2 id="two-step-heading" className="text-lg font-semibold">
        Two-step sign-in
      </h2>
      {recoveryCodes && (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Save these recovery codes somewhere safe. If you lose your phone, each one signs you in
            once. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((c) => (
              <li key={c}>{groupedCode(c)}</li>
            ))}
          </ul>
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => setRecoveryCodes(null)}
          >
            I have saved them
          </button>
        </div>
      )}
      {factor && !recoveryCodes && (
        <>
          <p className="text-sm">
            On: signing in asks for a code from your authenticator app after your password.
          </p>
          <button
            type="button"
            className="btn-secondary w-full"
            disabled={busy}
            onClick={() => void turnOff(factor.id)}
          >
            Turn off two-step sign-in
          </button>
        </>
      )}
      {!factor && !setup && (
        <>
          <p className="text-sm">
            Ask for a code from an authenticator app on your phone each time you sign in, so that
            your password alone cannot open your journal.
          </p>
          <button
            type="button"
            className="btn-secondary w-full"
            disabled={busy}
            onClick={() => void start()}
          >
            Turn on two-step sign-in
          </button>
        </>
      )}
      {!factor && setup && (
        <form className="flex flex-col gap-3" onSubmit={confirm}>
          <p className="text-sm">Scan this QR code with your authenticator app.</p>
          <img
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            className="mx-auto size-48 rounded-lg bg-white p-2"
          />
          <p className="text-sm">
            Or enter this key:{' '}
            <code className="break-all font-mono" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <div>
            <label htmlFor="two-step-code" className="field-label">
              Code from the app
            </label>
            <input
              id="two-step-code"
              className="text-input"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            Confirm
          </button>
        </form>
      )}
    </section>
  );
}
