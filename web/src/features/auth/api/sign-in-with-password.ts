import type { AuthClient } from '../../../session/auth-client.ts';

export async function signInWithPassword(
  auth: AuthClient,
  credentials: { email: string; password: string },
): Promise<void> {
  const { error } = await auth.signInWithPassword(credentials);
  if (error) throw error;
}
