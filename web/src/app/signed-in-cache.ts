import type { AuthClient } from '../session/auth-client.ts';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ACTIVITIES_QUERY_KEY } from '../journal/query-keys.ts';
import { clearKeptAnswers, keepAnswers, type AnswerCache } from '../journal/answer-cache.ts';
import { isLoggingOut } from '../session/sign-out.ts';

export interface SignedInCache {
  client: QueryClient;
  /** Settles once the answers kept on the device are in the cache (docs/decisions/045). */
  restored: Promise<void>;
}

let cache: (SignedInCache & { userId: string; kept: AnswerCache }) | undefined;
let watched: AuthClient | undefined;

/**
 * The query cache of the person signed in. On a shared device the next person
 * must not find the last one's journal in memory: a sign-out, or another
 * person's session, empties it, and each person gets a cache of their own.
 * It lives outside React so that the signed-in app keeps it across remounts.
 * The answers built on the person's entries (Look Back, Insights, Track's
 * suggestions: everything under the activities key) are also kept in the
 * account's journal database, and put back here at start, so that the app
 * started offline still shows what it loaded last.
 */
export function signedInCacheFor(auth: AuthClient, userId: string): SignedInCache {
  if (watched !== auth) {
    watched = auth;
    auth.onAuthStateChange((event, session) => {
      // No session at start is not a sign-out: supabase-js reports none while
      // it cannot refresh an expired token offline (docs/decisions/045).
      if (event === 'SIGNED_OUT') {
        const userId = cache?.userId;
        forget();
        // A session that ended by itself (revoked from another device, say)
        // leaves the outbox for its owner's next sign-in, but not the answers:
        // they can be fetched again, and the device may no longer be theirs.
        // Log Out deletes the whole database itself.
        if (userId && !isLoggingOut()) void clearKeptAnswers(userId);
      } else if (session && session.user.id !== cache?.userId) forget();
    });
  }
  if (cache?.userId !== userId) {
    forget();
    const client = new QueryClient({
      defaultOptions: {
        // A failed read shows its error at once; the user can retry by acting.
        // Offline too: TanStack Query would otherwise hold reads and saves
        // paused, with a spinner and no word, until the network returns
        // (a save then stamped with the time it reached the server). The
        // app opens offline (docs/decisions/037), so it must say so instead.
        queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
        mutations: { networkMode: 'always' },
      },
    });
    const kept = keepAnswers(client, userId, (key) => isJournalAnswer(key, userId));
    cache = { userId, client, kept, restored: kept.restored };
  }
  return cache;
}

function isJournalAnswer(queryKey: QueryKey, userId: string): boolean {
  return queryKey[0] === ACTIVITIES_QUERY_KEY[0] && queryKey[1] === userId;
}

function forget() {
  cache?.kept.stop();
  cache?.client.clear();
  cache = undefined;
}
