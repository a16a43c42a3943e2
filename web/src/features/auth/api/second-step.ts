import type { AuthClient } from '../../../session/auth-client.ts';

// Proving the second step of sign-in through supabase-js's auth.mfa: a code
// from the authenticator app, or one of the saved recovery codes. On success
// supabase-js stores the raised (aal2) session and tells every listener.

export async function verifyAuthenticatorCode(
  auth: AuthClient,
  factorId: string,
  code: string,
): Promise<void> {
  const { error } = await auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw error;
}

export async function verifyRecoveryCode(auth: AuthClient, code: string): Promise<void> {
  const { error } = await auth.mfa.recoveryCodes.verify({ code });
  if (error) throw error;
}
