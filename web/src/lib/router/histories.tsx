import { useState, type ReactNode } from 'react';
import { parsePath, pathOf, Router, type History, type Location } from './router.tsx';

/** The browser's address bar and history; a state travels as history.state.usr. */
function browserHistory(): History {
  return {
    current() {
      const { pathname, search, hash } = window.location;
      const entry = window.history.state as { usr?: unknown } | null;
      return { pathname, search, hash, state: entry?.usr ?? null };
    },
    go(location, replace) {
      const entry = { usr: location.state };
      if (replace) window.history.replaceState(entry, '', pathOf(location));
      else window.history.pushState(entry, '', pathOf(location));
    },
    listen(onChange) {
      window.addEventListener('popstate', onChange);
      return () => window.removeEventListener('popstate', onChange);
    },
  };
}

/** Entries in memory, for tests: no address bar to read or change. */
export function memoryHistory(initial: Location): History {
  const entries = [initial];
  return {
    current: () => entries[entries.length - 1] ?? initial,
    go(location, replace) {
      if (replace) entries.pop();
      entries.push(location);
    },
    listen: () => () => {},
  };
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router at `path` with entries in memory (tests). */
export function MemoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const [history] = useState(() => memoryHistory({ ...parsePath(path), state: null }));
  return <Router history={history}>{children}</Router>;
}
