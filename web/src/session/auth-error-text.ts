import { errorMessage } from '../lib/error-message.ts';

// GoTrue's own texts for these say what failed, not what to do about it
// ('Email not confirmed', 'invalid flow state, no valid flow state found').
// Every other message (the spec's among them) is shown as the server or
// supabase-js wrote it.
const TEXT_BY_CODE: Record<string, string> = {
  email_not_confirmed: 'Please confirm your email address first: open the link we sent you.',
  otp_expired:
    'This confirmation link is invalid or has expired. Try signing in; if your address is not confirmed yet, ask for a new link.',
  // supabase-js: the link was opened where the sign-in did not start.
  pkce_code_verifier_not_found:
    'This link was opened in a different browser from the one it was requested in. Please sign in here.',
  flow_state_not_found: 'This sign-in was already completed or has expired. Please try again.',
  flow_state_expired: 'This sign-in took too long and has expired. Please try again.',
  mfa_verification_failed: 'That code is not right. Check it and try again.',
  mfa_challenge_expired: 'That took too long. Please enter a new code.',
  insufficient_aal: 'Sign in with your authenticator app first.',
};

/** What to tell the user about an auth failure with GoTrue's `code` and `message`. */
export function authErrorText(code: string | null | undefined, message: string): string {
  return (code && TEXT_BY_CODE[code]) || message;
}

/** The same for a thrown or returned error (supabase-js's errors carry `code`). */
export function authFailureText(error: unknown): string {
  return authErrorText(errorCode(error), errorMessage(error));
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || !error || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}
