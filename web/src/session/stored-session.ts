import type { Session } from '@supabase/supabase-js';
import { authStorageKey } from './auth-client.ts';

/**
 * The session supabase-js keeps in localStorage, read without asking it.
 * Offline, supabase-js reports no session while the access token it keeps
 * has expired, since it cannot refresh it (it tries for up to 30 s, then
 * keeps it and tries again later); it deletes the kept session only when the
 * server refuses it. So a kept session it does not report is one it could
 * not refresh for want of a network (docs/decisions/045).
 */
export function storedSession(supabaseUrl: string): Session | null {
  try {
    const kept = JSON.parse(localStorage.getItem(authStorageKey(supabaseUrl)) ?? 'null') as unknown;
    if (typeof kept !== 'object' || kept === null) return null;
    const session = kept as Partial<Session>;
    const usable =
      typeof session.access_token === 'string' &&
      typeof session.refresh_token === 'string' &&
      typeof session.user?.id === 'string';
    return usable ? (session as Session) : null;
  } catch {
    return null;
  }
}
