import type { AuthClient } from './auth-client.ts';
import { deleteJournalDb } from '../journal/journal-db.ts';
import { endSignedInRequests } from './signed-in-requests.ts';

let loggingOut = false;

/** True while Log Out runs: its own SIGNED_OUT is not a session that ended by itself. */
export const isLoggingOut = () => loggingOut;

/**
 * Log Out, wherever it is offered (Profile, the two-step screen): the one
 * place that ends a session on this device, so that whatever else sign-out
 * must clear is added here once. Reads still in flight end first, so none
 * reaches the server after the session (signed-in-requests.ts). supabase-js
 * clears the local session even when the server no longer knows it. Then the
 * account's journal leaves the device (docs/decisions/041): its IndexedDB
 * database, which holds the outbox and the answers kept for offline reading,
 * is deleted. The service worker's caches hold no entries (docs/decisions/037)
 * and the query cache in memory empties itself on SIGNED_OUT
 * (app/signed-in-cache.ts). Asking first about waiting entries is the
 * screen's job.
 */
export async function signOut(auth: AuthClient, userId: string | undefined): Promise<void> {
  loggingOut = true;
  endSignedInRequests();
  try {
    const { error } = await auth.signOut();
    if (error) throw error;
    if (userId) await deleteJournalDb(userId);
  } finally {
    loggingOut = false;
  }
}
