import type { AuthClient } from '../../../lib/auth-client.ts';

/** supabase-js clears the local session even when the server no longer knows it. */
export async function signOut(auth: AuthClient): Promise<void> {
  const { error } = await auth.signOut();
  if (error) throw error;
}
