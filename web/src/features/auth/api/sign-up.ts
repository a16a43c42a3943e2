import type { AuthClient } from '../../../session/auth-client.ts';

export type SignUpOutcome = 'signed-in' | 'confirmation-needed';

/** docs/product.md 8: a session means signed in; a user without one must confirm by e-mail. */
export async function signUp(
  auth: AuthClient,
  credentials: { email: string; password: string },
): Promise<SignUpOutcome> {
  const { data, error } = await auth.signUp({
    ...credentials,
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
  if (data.session) return 'signed-in';
  if (data.user) return 'confirmation-needed';
  throw new Error('Something went wrong during signup');
}
