import type { AuthClient } from '../../../session/auth-client.ts';
import type { ProfileName } from '../../../session/profile-name.ts';

/** The names live in the account's user_metadata (ADR 008), merged by the server. */
export async function updateProfileName(
  auth: AuthClient,
  { firstName, lastName }: ProfileName,
): Promise<void> {
  const { error } = await auth.updateUser({
    data: { first_name: firstName.trim(), last_name: lastName.trim() },
  });
  if (error) throw error;
}
