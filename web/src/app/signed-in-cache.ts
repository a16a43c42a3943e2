import type { AuthClient } from '../lib/auth-client.ts';
import { QueryClient } from '@tanstack/react-query';

let cache: { userId: string; client: QueryClient } | undefined;
let watched: AuthClient | undefined;

/**
 * The query cache of the person signed in. On a shared device the next person
 * must not find the last one's journal in memory: a sign-out, or another
 * person's session, empties it, and each person gets a cache of their own.
 * It lives outside React so that the signed-in app keeps it across remounts.
 */
export function queryClientFor(auth: AuthClient, userId: string): QueryClient {
  if (watched !== auth) {
    watched = auth;
    auth.onAuthStateChange((_event, session) => {
      if (session?.user.id !== cache?.userId) forget();
    });
  }
  if (cache?.userId !== userId) {
    forget();
    cache = {
      userId,
      client: new QueryClient({
        defaultOptions: {
          // A failed read shows its error at once; the user can retry by acting.
          // Offline too: TanStack Query would otherwise hold reads and saves
          // paused, with a spinner and no word, until the network returns
          // (a save then stamped with the time it reached the server). The
          // app opens offline (docs/decisions/037), so it must say so instead.
          queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
          mutations: { networkMode: 'always' },
        },
      }),
    };
  }
  return cache.client;
}

function forget() {
  cache?.client.clear();
  cache = undefined;
}
