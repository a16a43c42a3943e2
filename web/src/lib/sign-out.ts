import type { AuthClient } from './auth-client.ts';

/**
 * Log Out, wherever it is offered (Profile, the two-step screen): the one
 * place that ends a session on this device, so that whatever else sign-out
 * must clear is added here once. supabase-js clears the local session even
 * when the server no longer knows it.
 */
export async function signOut(auth: AuthClient): Promise<void> {
  const { error } = await auth.signOut();
  if (error) throw error;
}
