import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { useAuthClient } from '../../../session/clients-context.tsx';
import { authFailureText } from '../../../session/auth-error-text.ts';
import { setNewPassword } from '../../../session/set-new-password.ts';
import { NewPasswordField } from '../../../components/NewPasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';

/**
 * 'Change password': the server takes a new password only with proof that
 * the person is here now, so the form asks for the current one. An account
 * made with Google has none; it may set one soon after signing in.
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const auth = useAuthClient();
  const showToast = useToast();
  const hasPassword = (user.identities ?? []).some((identity) => identity.provider === 'email');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await setNewPassword(auth, next, hasPassword ? current : undefined);
      setCurrent('');
      setNext('');
      showToast('success', 'Password changed.');
    } catch (error) {
      showToast('error', authFailureText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="card flex flex-col gap-4"
      aria-labelledby="change-password-heading"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      {hasPassword && (
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
      )}
      <NewPasswordField id="new-password" value={next} onChange={setNext} />
      <button type="submit" className="btn-secondary w-full" disabled={saving}>
        Change Password
      </button>
    </form>
  );
}
