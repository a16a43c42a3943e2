import type { User } from '@supabase/supabase-js';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router/router.tsx';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useAuthClient, useDataClient } from '../../../session/clients-context.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { deleteAccount, FreshSignInNeeded, signInWithGoogleAgain } from '../api/delete-account.ts';
import { hasPassword } from '../../../session/has-password.ts';
import { verifiedAuthenticator } from '../../../session/second-step.ts';

export const ACCOUNT_DELETED_NOTICE =
  'Your account and all of its entries have been deleted. You have been signed out.';

/**
 * 'Delete account': asks again, with the password (or, for an account
 * without one, its e-mail address), then deletes everything and signs out.
 */
export function DeleteAccountPanel({ user }: { user: User }) {
  const auth = useAuthClient();
  const data = useDataClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [needsGoogle, setNeedsGoogle] = useState(false);
  const withPassword = hasPassword(user);
  const withAuthenticator = verifiedAuthenticator(user) !== undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteAccount({ auth, data }, user, confirmation, code);
      navigate('/login', { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
    } catch (error) {
      setNeedsGoogle(error instanceof FreshSignInNeeded);
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  async function reauthenticate() {
    setBusy(true);
    try {
      await signInWithGoogleAgain(auth);
    } catch (error) {
      setNeedsGoogle(false);
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  if (!asking) {
    return (
      <button type="button" className="btn-danger w-full" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-5" />
        Delete account
      </button>
    );
  }

  // With an authenticator, its code is asked besides the password (below);
  // an account without a password then needs no field of this kind.
  const codeOnly = withAuthenticator && !withPassword;
  const field = codeOnly
    ? {
        id: 'delete-account-code',
        label: 'Code from your authenticator app',
        type: 'text',
        auto: 'one-time-code',
      }
    : withPassword
      ? {
          id: 'delete-account-password',
          label: 'Your password',
          type: 'password',
          auto: 'current-password',
        }
      : {
          id: 'delete-account-email',
          label: `Type your e-mail address (${user.email ?? ''})`,
          type: 'email',
          auto: 'off',
        };
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-red-200 p-4 dark:border-red-900"
      aria-labelledby="delete-account-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="delete-account-heading" className="font-semibold text-red-700 dark:text-red-300">
        Delete your account?
      </h3>
      <p className="text-sm">
        This deletes your account and every entry in it, on every device, and cannot be undone.
        Export your data first if you want to keep it.
      </p>
      <TextField
        id={field.id}
        label={field.label}
        type={field.type}
        autoComplete={field.auto}
        required
        autoFocus
        value={codeOnly ? code : confirmation}
        onChange={codeOnly ? setCode : setConfirmation}
      />
      {withAuthenticator && withPassword && (
        <TextField
          id="delete-account-code"
          label="Code from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={setCode}
        />
      )}
      {failure && <MessageBox kind="error">{failure}</MessageBox>}
      {needsGoogle && (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => void reauthenticate()}
        >
          Sign in with Google again
        </button>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="submit"
          className="btn-danger"
          disabled={busy || (codeOnly ? code : confirmation) === ''}
        >
          {busy ? 'Deleting…' : 'Delete my account'}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            setConfirmation('');
            setCode('');
            setFailure(null);
            setNeedsGoogle(false);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
