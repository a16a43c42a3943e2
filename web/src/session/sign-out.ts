import type { Session } from '@supabase/supabase-js';
import { within } from '../lib/within.ts';
import { authStorageKey, type AuthClient } from './auth-client.ts';
import { endSignedInRequests } from './signed-in-requests.ts';

let loggingOut = false;

/** True while Log Out runs: its own SIGNED_OUT is not a session that ended by itself. */
export const isLoggingOut = () => loggingOut;

/**
 * How long Log Out waits for supabase-js: offline, an expired session makes
 * it retry its refresh for up to 30 s before it signs out.
 */
const SIGN_OUT_WAIT_MS = 3000;

/** Whether the server ended the session too, or will be asked once the network is back. */
export type ServerSignOut = 'ended' | 'when-online';

/**
 * Ends the session on this device first, whatever the network
 * (docs/decisions/068): reads still in flight end, so none reaches the server
 * after the session (signed-in-requests.ts); supabase-js deletes the session
 * it keeps, then asks the server to end it. Without an answer the session
 * kept in localStorage is deleted all the same, and the server is asked
 * again when the network returns while the page is open. Deleting the
 * journal from the device is the caller's next step (journal/log-out.ts).
 */
export async function signOutOnDevice(
  auth: AuthClient,
  supabaseUrl: string,
  session: Session | null,
): Promise<ServerSignOut> {
  loggingOut = true;
  endSignedInRequests();
  try {
    const outcome = await within(
      auth.signOut({ scope: 'local' }),
      SIGN_OUT_WAIT_MS,
      'late' as const,
    );
    const ended = outcome !== 'late' && outcome.error === null;
    if (!ended) {
      localStorage.removeItem(authStorageKey(supabaseUrl));
      if (session) endOnServerWhenOnline(auth, session.access_token);
    }
    return ended ? 'ended' : 'when-online';
  } finally {
    loggingOut = false;
  }
}

/**
 * The server ends the session once it is told, with the session's own access
 * token: kept in memory only, so nothing of the session stays on the device.
 * A page closed before the network returns leaves the server's session until
 * its refresh token expires; the device no longer holds that token.
 */
function endOnServerWhenOnline(auth: AuthClient, accessToken: string): void {
  const endIt = () =>
    void auth.admin.signOut(accessToken, 'local').catch((error: unknown) => {
      console.warn('The server could not be told of the Log Out', error);
    });
  window.addEventListener('online', endIt, { once: true });
}
