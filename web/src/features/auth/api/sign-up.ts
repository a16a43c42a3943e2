import type { SupabaseClient } from '@supabase/supabase-js';

export type SignUpOutcome = 'signed-in' | 'confirmation-needed';

/** docs/product.md 8: a session means signed in; a user without one must confirm by e-mail. */
export async function signUp(
  supabase: SupabaseClient,
  credentials: { email: string; password: string },
): Promise<SignUpOutcome> {
  const { data, error } = await supabase.auth.signUp({
    ...credentials,
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
  if (data.session) return 'signed-in';
  if (data.user) return 'confirmation-needed';
  throw new Error('Something went wrong during signup');
}
