import type { SupabaseClient } from '@supabase/supabase-js';

export async function signInWithPassword(
  supabase: SupabaseClient,
  credentials: { email: string; password: string },
): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword(credentials);
  if (error) throw error;
}
