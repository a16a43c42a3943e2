import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/**
 * The app's own router (docs/decisions/027): a handful of fixed addresses
 * need no more than the address, a state object carried with a history
 * entry, and navigation. react-router did this for 15 KiB of gzipped script
 * on a login screen that must stay under 100 KiB.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried along (history.state), null if nothing. */
  state: unknown;
}

export type To = string | Pick<Location, 'pathname' | 'search' | 'hash'>;
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: To, options?: NavigateOptions) => void;

/** Where the entries live: the browser's history, or a list in memory (tests). */
export interface History {
  current(): Location;
  go(location: Location, replace: boolean): void;
  /** Calls back when the visitor moves through history (Back, Forward). */
  listen(onChange: () => void): () => void;
}

const RouterContext = createContext<{ location: Location; navigate: NavigateFunction } | null>(
  null,
);

export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(() => history.current());
  useEffect(() => history.listen(() => setLocation(history.current())), [history]);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null } = {}) => {
      const next = { ...(typeof to === 'string' ? parsePath(to) : to), state };
      history.go(next, replace);
      setLocation(history.current());
    },
    [history],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useLocation and useNavigate need a <Router>');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** Navigates once rendered (as a redirect within a screen). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }));
  return null;
}

export function parsePath(path: string): Omit<Location, 'state'> {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
