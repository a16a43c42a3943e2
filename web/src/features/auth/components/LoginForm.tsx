import { useState, type FormEvent } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { EMAIL_FIELD } from './email-field.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { useRuntimeConfig, useAuthClient } from '../../../session/clients-context.tsx';
import { resendConfirmation } from '../api/resend-confirmation.ts';
import { signInWithGoogle } from '../api/sign-in-with-google.ts';
import { signInWithPassword } from '../api/sign-in-with-password.ts';
import { signUp } from '../api/sign-up.ts';
import { authFailureText, errorCode } from '../../../session/auth-error-text.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { GoogleIcon } from './GoogleIcon.tsx';

type Mode = 'login' | 'signup';
type Message = {
  kind: 'error' | 'success';
  text: string;
  /** GoTrue's error code, when the server gave one. */
  code?: string | undefined;
} | null;

const TEXT = {
  login: {
    heading: 'Welcome Back',
    subtitle: 'Sign in to log how your day feels.',
    submit: 'Sign In',
    togglePrompt: "Don't have an account?",
    toggleAction: 'Sign up',
  },
  signup: {
    heading: 'Create Account',
    subtitle: 'Start learning which activities give you energy.',
    submit: 'Create Account',
    togglePrompt: 'Already have an account?',
    toggleAction: 'Sign in',
  },
} as const;

// Not confirmed yet, or told to wait before asking again: either way the
// person still needs a link, and the button stays within reach.
const offersResend = (code: string | undefined) =>
  code === 'email_not_confirmed' || code === 'over_email_send_rate_limit';

export const SIGNED_UP_NOTICE = 'Account created and logged in successfully!';

interface Props {
  initialError?: string | undefined;
  /** A success text to show first (e.g. that an account was deleted). */
  initialNotice?: string | undefined;
  /** A sign-up is about to be sent. */
  onSignUpStart?: () => void;
  /** That sign-up ended without a session (an error, or confirmation needed). */
  onSignUpEnd?: () => void;
}

export function LoginForm({ initialError, initialNotice, onSignUpStart, onSignUpEnd }: Props) {
  const auth = useAuthClient();
  const config = useRuntimeConfig();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const [message, setMessage] = useState<Message>(
    initialError
      ? { kind: 'error', text: initialError }
      : initialNotice
        ? { kind: 'success', text: initialNotice }
        : null,
  );
  // A notice can arrive after the form is on screen (signing out already
  // brought the person here when the account's deletion navigates with it).
  const [noticeShown, setNoticeShown] = useState(initialNotice);
  if (initialNotice !== undefined && initialNotice !== noticeShown) {
    setNoticeShown(initialNotice);
    setMessage({ kind: 'success', text: initialNotice });
  }
  const text = TEXT[mode];

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage({ kind: 'error', text: authFailureText(error), code: errorCode(error) });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      if (mode === 'login') {
        await signInWithPassword(auth, { email, password });
        return;
      }
      onSignUpStart?.();
      const outcome = await signUp(auth, { email, password }).catch((error: unknown) => {
        onSignUpEnd?.();
        throw error;
      });
      if (outcome === 'confirmation-needed') {
        onSignUpEnd?.();
        setMode('login');
        setPassword('');
        setMessage({
          kind: 'success',
          text: 'Please check your email for confirmation instructions.',
        });
      } else {
        setMessage({ kind: 'success', text: SIGNED_UP_NOTICE });
      }
    });
  }

  function resend() {
    const address = email;
    void run(async () => {
      await resendConfirmation(auth, address);
      setMessage({ kind: 'success', text: `We sent a new confirmation link to ${address}.` });
    });
  }

  function toggleMode() {
    setMode(mode === 'login' ? 'signup' : 'login');
    setMessage(null);
  }

  if (recovering) {
    return <ForgotPasswordForm initialEmail={email} onBack={() => setRecovering(false)} />;
  }

  return (
    <section className="card" aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-2xl font-semibold tracking-tight">
        {text.heading}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text.subtitle}</p>

      <form className="mt-6 flex flex-col gap-4" onSubmit={submit} aria-busy={busy}>
        {message && <MessageBox kind={message.kind}>{message.text}</MessageBox>}
        {offersResend(message?.code) && (
          <button type="button" className="btn-secondary w-full" disabled={busy} onClick={resend}>
            Resend confirmation email
          </button>
        )}
        <TextField id="login-email" {...EMAIL_FIELD} value={email} onChange={setEmail} />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          required
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          placeholder="Enter your password"
          value={password}
          onChange={setPassword}
        >
          {mode === 'login' && config.passwordRecovery && (
            <button
              type="button"
              className="mt-2 text-sm font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
              onClick={() => setRecovering(true)}
            >
              Forgot password?
            </button>
          )}
        </TextField>
        <button type="submit" className="btn-primary mt-2 w-full" disabled={busy}>
          {text.submit}
        </button>
      </form>

      <div className="my-6 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        Or continue with
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <button
        type="button"
        className="btn-secondary w-full"
        disabled={busy}
        onClick={() => void run(() => signInWithGoogle(auth, config))}
      >
        <GoogleIcon />
        Continue with Google
      </button>

      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {text.togglePrompt}{' '}
        <button
          type="button"
          className="font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
          onClick={toggleMode}
        >
          {text.toggleAction}
        </button>
      </p>
    </section>
  );
}
