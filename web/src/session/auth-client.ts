import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import type { RuntimeConfig } from './runtime-config.ts';

/**
 * The app's one auth client, made from @supabase/auth-js (the auth part of
 * supabase-js) so the login screen loads without the rest of supabase-js
 * (docs/decisions/027). It is set up the way createClient would set up its
 * own: PKCE keeps auth codes, not tokens, in redirect URLs; the session is
 * kept in localStorage under the key supabase-js derives from the backend
 * host (`sb-<first label of the host>-auth-token`), so sessions saved by
 * earlier versions of the app keep working; it is refreshed automatically.
 */
/** auth-js exports its client class as a value under this name; this is its type. */
export type AuthClient = GoTrueClient;

export function createAuthClient({ supabaseUrl, supabaseAnonKey }: RuntimeConfig): AuthClient {
  return new AuthClient({
    ...clientBasics({ supabaseUrl, supabaseAnonKey }),
    storageKey: authStorageKey(supabaseUrl),
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    // Recovery codes for two-step sign-in (auth.mfa.recoveryCodes) are
    // experimental in supabase-js and off unless asked for.
    experimental: { recoveryCodes: true },
  });
}

/**
 * A client for one errand of its own beside the app's (a sign-in that must
 * not replace the app's session): its session lives in memory only, under a
 * key of its own, so that it neither touches the app's stored session nor
 * waits for the app's client's lock, and it is never refreshed.
 */
export function createErrandAuthClient({
  supabaseUrl,
  supabaseAnonKey,
}: RuntimeConfig): AuthClient {
  return new AuthClient({
    ...clientBasics({ supabaseUrl, supabaseAnonKey }),
    storageKey: `${authStorageKey(supabaseUrl)}-errand-${crypto.randomUUID()}`,
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    experimental: { recoveryCodes: true },
  });
}

function clientBasics({
  supabaseUrl,
  supabaseAnonKey,
}: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>) {
  return {
    url: new URL('auth/v1', backendBaseUrl(supabaseUrl)).href,
    // What supabase-js sends to /auth/v1 before anyone signs in.
    headers: { Authorization: `Bearer ${supabaseAnonKey}`, apikey: supabaseAnonKey },
  };
}

/** Where supabase-js keeps the session (localStorage), as createClient names it. */
export const authStorageKey = (supabaseUrl: string) =>
  `sb-${backendBaseUrl(supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The backend URL as supabase-js reads it: http(s), with a trailing slash for relative paths. */
function backendBaseUrl(supabaseUrl: string): URL {
  const trimmed = supabaseUrl.trim();
  if (!/^https?:\/\//i.test(trimmed)) throw new Error(`Invalid supabaseUrl: ${supabaseUrl}`);
  return new URL(trimmed.endsWith('/') ? trimmed : `${trimmed}/`);
}
