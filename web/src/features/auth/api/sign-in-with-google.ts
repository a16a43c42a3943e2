import type { AuthClient } from '../../../session/auth-client.ts';

/** Only when the server cannot be asked why Google sign-in is off. */
export const GOOGLE_DISABLED_MESSAGE = 'Google sign-in is not enabled on this server.';

/**
 * Leaves the app for Google; the browser comes back to /auth/callback with a
 * PKCE code that supabase-js exchanges on its own. When /config.json says
 * Google is off, the visitor stays here and reads the server's own refusal.
 */
export async function signInWithGoogle(
  auth: AuthClient,
  { googleEnabled, supabaseUrl }: { googleEnabled: boolean; supabaseUrl: string },
): Promise<void> {
  if (!googleEnabled) throw new Error(await googleRefusal(supabaseUrl));
  const { error } = await auth.signInWithOAuth({
    provider: 'google',
    options: {
      redirectTo: `${window.location.origin}/auth/callback`,
      queryParams: { access_type: 'offline' },
    },
  });
  if (error) throw error;
}

/**
 * What /authorize says to a Google sign-in (a GoTrue error: 400 with `msg`).
 * Asked with fetch rather than by leaving the page, so the answer can land in
 * the red box; `manual` keeps a redirect (Google switched on since the app
 * loaded its config) from being followed off to Google inside a fetch.
 */
async function googleRefusal(supabaseUrl: string): Promise<string> {
  try {
    const response = await fetch(`${supabaseUrl}/auth/v1/authorize?provider=google`, {
      redirect: 'manual',
    });
    // A 404 is a server without /authorize at all: its 'Not found' explains nothing.
    if (response.status < 400 || response.status >= 500 || response.status === 404) {
      return GOOGLE_DISABLED_MESSAGE;
    }
    const body = (await response.json()) as { msg?: unknown; message?: unknown };
    const text = body.msg ?? body.message;
    return typeof text === 'string' && text ? text : GOOGLE_DISABLED_MESSAGE;
  } catch {
    return GOOGLE_DISABLED_MESSAGE;
  }
}
