import { CardSection } from '../../../components/CardSection.tsx';
import type { Session } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { useAuthClient, useRuntimeConfig } from '../../../session/clients-context.tsx';
import { verifiedAuthenticator } from '../../../session/second-step.ts';
import { authFailureText } from '../../../session/auth-error-text.ts';
import {
  finishAuthenticatorSetup,
  groupedCode,
  makeRecoveryCodesWithNewSignIn,
  needsFreshSignIn,
  signInAgain,
  startAuthenticatorSetup,
  turnOffTwoStep,
  type NewAuthenticator,
  type RecoveryCodesOutcome,
} from '../api/two-step.ts';
import { hasPassword } from '../../../session/has-password.ts';
import { TextField } from '../../../components/form/TextField.tsx';

/**
 * 'Two-step sign-in': an authenticator app's code after the password, so that
 * a stolen password is not the journal. Setting up shows a QR code, asks for
 * the first code, then shows ten recovery codes once.
 */
export function TwoStepSection({ session }: { session: Session }) {
  const auth = useAuthClient();
  const config = useRuntimeConfig();
  const showToast = useToast();
  const factor = verifiedAuthenticator(session);
  const [setup, setSetup] = useState<NewAuthenticator | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Why two-step sign-in came on without recovery codes: the server makes
  // none, or it wants a sign-in from the last 15 minutes first.
  const [withoutCodes, setWithoutCodes] = useState<'not-offered' | 'sign-in-needed' | null>(null);
  // The authenticator just set up, whose codes a new sign-in then makes.
  const [codesFactorId, setCodesFactorId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set when the server wants a fresh sign-in before this change (turning on
  // or off, or making the recovery codes of an authenticator just set up).
  const [confirming, setConfirming] = useState<'on' | 'off' | 'codes' | null>(null);
  const [password, setPassword] = useState('');
  const [proofCode, setProofCode] = useState('');
  const withPassword = hasPassword(session.user);

  async function run(work: () => Promise<void>, change?: 'on' | 'off') {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (change && withPassword && needsFreshSignIn(error)) setConfirming(change);
      else showToast('error', freshSignInText(error));
    } finally {
      setBusy(false);
    }
  }

  /** Shows the recovery codes, or why there are none and what to do. */
  function showCodes(outcome: RecoveryCodesOutcome) {
    if (outcome.made) setRecoveryCodes(outcome.made);
    else if (!outcome.needsFreshSignIn) setWithoutCodes('not-offered');
    // With a password the card signs in again in place; otherwise through Google.
    else if (withPassword) setConfirming('codes');
    else setWithoutCodes('sign-in-needed');
  }

  const start = () => run(async () => setSetup(await startAuthenticatorSetup(auth)), 'on');

  const confirmSignIn = (event: FormEvent) => {
    event.preventDefault();
    const change = confirming;
    const email = session.user.email ?? '';
    const confirmed = () => {
      setConfirming(null);
      setPassword('');
      setProofCode('');
    };
    void run(async () => {
      if (change === 'codes' && codesFactorId) {
        const outcome = await makeRecoveryCodesWithNewSignIn(config, {
          email,
          password,
          factorId: codesFactorId,
          code: proofCode,
        });
        confirmed();
        showCodes(outcome);
        return;
      }
      await signInAgain(auth, email, password);
      if (change === 'on') setSetup(await startAuthenticatorSetup(auth));
      else if (factor) {
        await turnOffTwoStep(auth, factor.id, proofCode);
        showToast('success', 'Two-step sign-in is off.');
      }
      confirmed();
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!setup) return;
    void run(async () => {
      const outcome = await finishAuthenticatorSetup(auth, setup.factorId, code);
      setCodesFactorId(setup.factorId);
      setSetup(null);
      setCode('');
      showCodes(outcome);
      showToast('success', 'Two-step sign-in is on.');
    });
  };

  const turnOff = (factorId: string) =>
    run(async () => {
      await turnOffTwoStep(auth, factorId);
      showToast('success', 'Two-step sign-in is off.');
    }, 'off');

  return (
    <CardSection
      headingId="two-step-heading"
      title="Two-step sign-in"
      className="flex flex-col gap-4"
    >
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
      {confirming && (
        <form className="flex flex-col gap-3" onSubmit={confirmSignIn}>
          <p className="text-sm">
            {confirming === 'codes'
              ? 'Two-step sign-in is on, but your recovery codes are not made yet: your last sign-in was more than 15 minutes ago. Sign in again to make them.'
              : 'For your safety, confirm it is you: your last sign-in was more than 15 minutes ago.'}
          </p>
          <TextField
            id="two-step-password"
            label="Your password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          {confirming !== 'on' && (
            <AuthenticatorCodeField
              id="two-step-proof-code"
              label="Code from your authenticator app"
              value={proofCode}
              onChange={setProofCode}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {{ on: 'Continue', off: 'Turn off', codes: 'Make recovery codes' }[confirming]}
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => setConfirming(null)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {withoutCodes && (
        <div className="flex flex-col gap-3">
          <p className="text-sm" role="status">
            {withoutCodes === 'not-offered'
              ? 'This server makes no recovery codes. If you lose your phone, ask the person who runs it to turn two-step sign-in off for you.'
              : 'Two-step sign-in is on, but your recovery codes are not made yet: your last sign-in was more than 15 minutes ago. Log out, sign in with Google again, then turn two-step sign-in off and on again here to make them.'}
          </p>
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => setWithoutCodes(null)}
          >
            OK
          </button>
        </div>
      )}
      {factor && !recoveryCodes && !withoutCodes && !confirming && (
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
      {!factor && !setup && !confirming && (
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
          <AuthenticatorCodeField
            id="two-step-code"
            label="Code from the app"
            value={code}
            onChange={setCode}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            Confirm
          </button>
        </form>
      )}
    </CardSection>
  );
}

/** A 6-digit code from the authenticator app (7 characters: it may be typed with a space). */
function AuthenticatorCodeField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField {...props} required autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
  );
}

/** An account without a password gets its fresh sign-in through Google. */
function freshSignInText(error: unknown): string {
  return needsFreshSignIn(error)
    ? 'For your safety, this needs a sign-in from the last 15 minutes. Log out, sign in with Google again, then come back to Profile.'
    : authFailureText(error);
}
