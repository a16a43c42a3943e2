import type { AuthClient } from './auth-client.ts';

/**
 * Sets a new password: the reset link's screen and Profile's 'Change
 * password' both do it. Right after a sign-in (such as the reset link's) the
 * server asks for no current password; otherwise `currentPassword` is its proof.
 */
export async function setNewPassword(
  auth: AuthClient,
  password: string,
  currentPassword?: string,
): Promise<void> {
  const { error } = await auth.updateUser(
    currentPassword ? { password, current_password: currentPassword } : { password },
  );
  if (error) throw error;
}
