import { useState, type FormEvent } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { EMAIL_FIELD } from './email-field.ts';
import { useAuthClient } from '../../../session/clients-context.tsx';
import { requestPasswordReset } from '../api/password-reset.ts';
import { authFailureText } from '../../../session/auth-error-text.ts';

type Message = { kind: 'error' | 'success'; text: string } | null;

/** 'Forgot password?': asks for the address and mails a link to the new-password screen. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const auth = useAuthClient();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await requestPasswordReset(auth, email);
      // Says nothing about whether the address has an account.
      setMessage({
        kind: 'success',
        text: `If ${email} has an account, we sent it a link to choose a new password.`,
      });
    } catch (error) {
      setMessage({ kind: 'error', text: authFailureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className="text-2xl font-semibold tracking-tight">
        Reset Password
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        We will e-mail you a link to choose a new password.
      </p>
      <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-busy={busy}>
        {message && <MessageBox kind={message.kind}>{message.text}</MessageBox>}
        <TextField id="forgot-email" {...EMAIL_FIELD} value={email} onChange={setEmail} />
        <button type="submit" className="btn-primary mt-2 w-full" disabled={busy}>
          Send Reset Link
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        <button
          type="button"
          className="font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
          onClick={onBack}
        >
          Back to sign in
        </button>
      </p>
    </section>
  );
}
