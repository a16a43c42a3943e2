import type { SupabaseClient } from '@supabase/supabase-js';

/** supabase-js clears the local session even when the server no longer knows it. */
export async function signOut(supabase: SupabaseClient): Promise<void> {
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}
