import type { AuthClient } from './auth-client.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { fetchNotingServerTime } from './clock-offset.ts';
import type { RuntimeConfig } from './runtime-config.ts';
import { fetchWhileSignedIn } from './signed-in-requests.ts';
import { storedSession } from './stored-session.ts';

/**
 * The client for the journal's data (PostgREST), loaded with the signed-in
 * app, not the login screen (docs/decisions/027). Its `accessToken` option
 * makes supabase-js send the auth client's current token and build no auth
 * client of its own, so one client alone keeps and refreshes the session.
 * Its `auth` is not usable: sign-in, sign-out and account changes go through
 * the auth client. Its fetch notes the server's time of each answer, for
 * entries logged while the device clock is off (clock-offset.ts),
 * and it asks only with the person's token (signed-in-requests.ts).
 */
export function createDataClient(config: RuntimeConfig, auth: AuthClient): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    accessToken: async () => {
      // Offline, asking supabase-js would start a refresh that cannot succeed
      // and hold the next one back; the request fails either way. Without a
      // session it could refresh, the kept token (even expired) is refused
      // by the server rather than read as the anonymous role, whose empty
      // answers would stand in for the journal (docs/decisions/045). With no
      // kept session either (after Log Out), nothing is sent at all.
      const kept = () => storedSession(config.supabaseUrl)?.access_token ?? null;
      if (navigator.onLine === false) return kept();
      return (await auth.getSession()).data.session?.access_token ?? kept();
    },
    global: { fetch: fetchWhileSignedIn(fetchNotingServerTime, config.supabaseAnonKey) },
  });
}
