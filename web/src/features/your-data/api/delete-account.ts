import type { AuthClient } from '../../../session/auth-client.ts';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { verifiedAuthenticator } from '../../../session/second-step.ts';
import { hasPassword } from '../../../session/has-password.ts';

/**
 * The server wants a sign-in from the last five minutes before it deletes an
 * account; an account without a password gets it by a Google round trip.
 */
export class FreshSignInNeeded extends Error {
  constructor() {
    super(
      'For your safety, deleting an account needs a sign-in from the last 5 minutes. Sign in with Google again, then come back to Profile to delete your account.',
    );
  }
}

// delete_my_account's refusal of a sign-in older than five minutes.
const SIGN_IN_AGAIN = 'Sign in again to delete your account';

/** Leaves for Google and comes back signed in anew (then the deletion is allowed). */
export async function signInWithGoogleAgain(auth: AuthClient): Promise<void> {
  const { error } = await auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: `${window.location.origin}/auth/callback` },
  });
  if (error) throw error;
}

/**
 * Deletes the signed-in person's account and everything in it
 * (docs/decisions/022): a fresh sign-in with the password first (the server
 * wants one from the last five minutes; an account without a password needs
 * a Google sign-in that recent and its address typed), then
 * delete_my_account, then the session is dropped on this device (the server
 * has ended all of them).
 */
export async function deleteAccount(
  { auth, data }: { auth: AuthClient; data: SupabaseClient },
  user: User,
  confirmation: string,
  code = '',
): Promise<void> {
  const authenticator = verifiedAuthenticator(user);
  if (authenticator) {
    // The server counts only a first step (password, Google) as a recent
    // sign-in, and wants the second step in the same session: so the
    // password signs in anew, then the app's code raises that session.
    if (hasPassword(user)) await signInAgain(auth, user, confirmation);
    const { error } = await auth.mfa.challengeAndVerify({
      factorId: authenticator.id,
      code: code.replace(/\s/g, ''),
    });
    if (error) {
      throw new Error(
        error.code === 'mfa_verification_failed' ? 'That code is not right.' : error.message,
      );
    }
    const { error: deleteError } = await data.rpc(
      'delete_my_account',
      hasPassword(user) ? {} : { confirmation: user.email ?? '' },
    );
    if (deleteError?.message === SIGN_IN_AGAIN) throw new FreshSignInNeeded();
    if (deleteError) throw deleteError;
  } else if (hasPassword(user)) {
    await signInAgain(auth, user, confirmation);
    const { error: deleteError } = await data.rpc('delete_my_account');
    if (deleteError) throw deleteError;
  } else {
    const { error } = await data.rpc('delete_my_account', { confirmation });
    if (error?.message === SIGN_IN_AGAIN) throw new FreshSignInNeeded();
    if (error) throw error;
  }
  await auth.signOut({ scope: 'local' });
}

async function signInAgain(auth: AuthClient, user: User, password: string): Promise<void> {
  const { error } = await auth.signInWithPassword({ email: user.email ?? '', password });
  if (error) {
    throw new Error(
      error.code === 'invalid_credentials' ? 'That password is not right.' : error.message,
    );
  }
}
