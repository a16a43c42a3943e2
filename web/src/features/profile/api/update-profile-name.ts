import type { AuthClient } from '../../../lib/auth-client.ts';

export interface ProfileName {
  firstName: string;
  lastName: string;
}

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

/**
 * The names the person saved; until they save any, the ones Google gave at
 * sign-in (given_name, family_name), so a Google account starts with its name.
 */
export function profileNameOf(metadata: Record<string, unknown> | undefined): ProfileName {
  const text = (...values: unknown[]) => {
    const found = values.find((value) => typeof value === 'string');
    return typeof found === 'string' ? found : '';
  };
  return {
    firstName: text(metadata?.['first_name'], metadata?.['given_name']),
    lastName: text(metadata?.['last_name'], metadata?.['family_name']),
  };
}
