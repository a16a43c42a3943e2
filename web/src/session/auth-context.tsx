import type { Session, User } from '@supabase/supabase-js';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { useAuthClient } from './clients-context.tsx';

export interface AuthState {
  /** True until the stored session (if any) has been read. */
  loading: boolean;
  session: Session | null;
  user: User | null;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Follows supabase-js: the stored session at start, then every auth event
 * (sign-in, refresh, user update, sign-out) replaces what we hold.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const auth = useAuthClient();
  const [state, setState] = useState<AuthState>({ loading: true, session: null, user: null });

  useEffect(() => {
    let active = true;
    const apply = (session: Session | null) => {
      if (active) setState({ loading: false, session, user: session?.user ?? null });
    };
    // The stored session is the screen's first real render: as a transition
    // it runs in slices that leave the browser free between them
    // (docs/decisions/044). Later events answer what the person just did and
    // render at once.
    const applyStored = (session: Session | null) => startTransition(() => apply(session));
    auth
      .getSession()
      .then(({ data, error }) => {
        // docs/product.md 8: an auth check failure is only logged; the visitor is signed out.
        if (error) console.error('Could not read the stored session', error);
        applyStored(data.session);
      })
      .catch((error: unknown) => {
        console.error('Could not read the stored session', error);
        applyStored(null);
      });
    const { data } = auth.onAuthStateChange((event, session) =>
      event === 'INITIAL_SESSION' ? applyStored(session) : apply(session),
    );
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [auth]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs <AuthProvider>');
  return state;
}
