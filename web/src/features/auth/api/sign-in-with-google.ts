import type { SupabaseClient } from '@supabase/supabase-js';

/** Said here, from /config.json, so the visitor is not sent to a server page that can only refuse. */
export const GOOGLE_DISABLED_MESSAGE = 'Google sign-in is not enabled on this server.';

/**
 * Leaves the app for Google; the browser comes back to /auth/callback with a
 * PKCE code that supabase-js exchanges on its own.
 */
export async function signInWithGoogle(
  supabase: SupabaseClient,
  { googleEnabled }: { googleEnabled: boolean },
): Promise<void> {
  if (!googleEnabled) throw new Error(GOOGLE_DISABLED_MESSAGE);
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: {
      redirectTo: `${window.location.origin}/auth/callback`,
      queryParams: { access_type: 'offline' },
    },
  });
  if (error) throw error;
}
