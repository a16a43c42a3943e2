/** The person's names, kept in the account's user_metadata (ADR 008). */
export interface ProfileName {
  firstName: string;
  lastName: string;
}

/**
 * The names the person saved; until they save any, the ones Google gave at
 * sign-in (given_name, family_name), so a Google account starts with its name.
 * Profile shows them and the JSON export writes them.
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
