import type { AuthClient } from '../../../session/auth-client.ts';

/**
 * Sends the sign-up confirmation e-mail again. Its link comes back to the
 * site origin as the first one would (see sign-up.ts), with a code for this
 * browser's new PKCE verifier.
 */
export async function resendConfirmation(auth: AuthClient, email: string): Promise<void> {
  const { error } = await auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
}
