import type { SupabaseClient } from '@supabase/supabase-js';

export interface ProfileName {
  firstName: string;
  lastName: string;
}

/** The names live in the account's user_metadata (ADR 008), merged by the server. */
export async function updateProfileName(
  supabase: SupabaseClient,
  { firstName, lastName }: ProfileName,
): Promise<void> {
  const { error } = await supabase.auth.updateUser({
    data: { first_name: firstName.trim(), last_name: lastName.trim() },
  });
  if (error) throw error;
}

export function profileNameOf(metadata: Record<string, unknown> | undefined): ProfileName {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { firstName: text(metadata?.['first_name']), lastName: text(metadata?.['last_name']) };
}
