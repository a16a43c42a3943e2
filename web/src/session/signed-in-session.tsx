import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

/**
 * The session the signed-in app runs with, given by <RequireAuth>: the one
 * supabase-js holds, or, offline, the one it keeps on the device but cannot
 * refresh until the network returns (docs/decisions/045).
 */
export const SignedInSessionContext = createContext<Session | null>(null);

/** The signed-in session; only for screens behind <RequireAuth>. */
export function useSignedInSession(): Session {
  const session = useContext(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession outside a signed-in screen');
  return session;
}

/** The signed-in user; only for screens behind <RequireAuth>. */
export const useSignedInUser = (): User => useSignedInSession().user;
