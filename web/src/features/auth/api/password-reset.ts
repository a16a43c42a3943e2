import type { AuthClient } from '../../../session/auth-client.ts';

/** Where the link in the reset message brings the browser back: the new-password screen. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Asks for a password-reset link. The answer is the same whether or not the
 * address has an account, so there is nothing to report but "sent".
 */
export async function requestPasswordReset(auth: AuthClient, email: string): Promise<void> {
  const { error } = await auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  });
  if (error) throw error;
}
