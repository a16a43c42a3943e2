import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { AuthClient } from '../session/auth-client.ts';
import { signOutOnDevice, type ServerSignOut } from '../session/sign-out.ts';
import { forgetThisDevicePush } from '../session/this-device-push.ts';
import { deleteJournalDb } from './journal-db.ts';

/** What the login screen says after Log Out (docs/product.md 15). */
export const loggedOutNotice = (server: ServerSignOut) =>
  server === 'ended'
    ? 'You are logged out. Your journal was deleted from this device.'
    : 'You are logged out. Your journal was deleted from this device; the server is told when you are back online.';

interface LogOutWith {
  auth: AuthClient;
  supabaseUrl: string;
  /** The session being ended; null when none is known any more. */
  session: Session | null;
  /** The signed-in app's data client; absent before the journal opens (the two-step screen). */
  dataClient?: SupabaseClient | undefined;
}

/**
 * Log Out, wherever it is offered (Profile, the two-step screen), online or
 * not (docs/decisions/068): the one place that ends a session on this device,
 * so that whatever else must go with it is added here once.
 *
 * 1. This browser's push subscription row is deleted as the person, while
 *    the session is there, and the browser unsubscribed, so the previous
 *    person's reminders stop arriving on a shared device.
 * 2. The session ends on the device, then on the server when it can be.
 * 3. The account's journal leaves the device (docs/decisions/041): its
 *    IndexedDB database, which holds the outbox and the answers kept for
 *    offline reading, is deleted, so nothing waiting is sent later.
 *
 * The service worker's caches hold no entries (docs/decisions/037) and the
 * query cache in memory empties itself on SIGNED_OUT (app/signed-in-cache.ts).
 * Asking first about waiting entries is the screen's job.
 */
export async function logOut({
  auth,
  supabaseUrl,
  session,
  dataClient,
}: LogOutWith): Promise<ServerSignOut> {
  await forgetThisDevicePush(dataClient ?? null);
  const server = await signOutOnDevice(auth, supabaseUrl, session);
  if (session) await deleteJournalDb(session.user.id);
  return server;
}
