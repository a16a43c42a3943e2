import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ANSWERS_BY_TIME, ANSWERS_STORE, clearStoreIfPresent, inJournal } from './journal-db.ts';
import { within } from '../lib/within.ts';

// The answers the app loaded last, kept on the device (docs/decisions/045), so
// that Look Back and Insights still have them when the app starts offline.
// They live in the account's journal database, which only that account opens
// and Log Out deletes. Our own few lines instead of TanStack's persister
// packages, which write the whole cache as one value at each change.

/** One kept answer: a query's key, its data, and when the server gave it. */
export interface KeptAnswer {
  hash: string;
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** Keeps the newest answers only: searches typed letter by letter would pile up. */
export const MAX_KEPT_ANSWERS = 40;
/** Look Back's list keeps its first pages (50 entries each); the rest loads on scroll. */
export const MAX_KEPT_PAGES = 10;

/** A device slower than this to read them starts without them. */
const RESTORE_WAIT_MS = 2000;

export interface AnswerCache {
  /** Settles once the kept answers are in the query cache (or could not be read). */
  restored: Promise<void>;
  /** Stops keeping answers: the person signed out (Log Out then deletes the database). */
  stop: () => void;
}

/**
 * Puts the account's kept answers into `queryClient`, then keeps each answer
 * it receives whose key `keep` accepts. A query that already has data (it
 * was answered before the device was read) keeps it.
 */
export function keepAnswers(
  queryClient: QueryClient,
  userId: string,
  keep: (queryKey: QueryKey) => boolean,
): AnswerCache {
  let stopped = false;
  let restoring = true;
  // Once stopped, nothing opens the database again: Log Out is deleting it,
  // and opening it would make a new one (docs/decisions/045).
  const run = async <T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T | undefined> =>
    stopped ? undefined : inJournal(userId, ANSWERS_STORE, mode, act, 'relaxed');

  const reading = run('readonly', (store) => store.getAll() as IDBRequest<KeptAnswer[]>)
    .then((answers = []) => {
      if (stopped) return;
      for (const { queryKey, data, updatedAt } of answers) {
        // A query answered meanwhile keeps its answer; one that failed keeps
        // its error (shown as such: it would not ask again to show it offline).
        const state = queryClient.getQueryState(queryKey);
        if (state?.data === undefined && state?.status !== 'error') {
          queryClient.setQueryData(queryKey, data, { updatedAt });
        }
      }
    })
    .catch((error: unknown) =>
      console.warn('The answers kept on this device could not be read', error),
    )
    .finally(() => {
      restoring = false;
    });

  // The screens wait for the device at most this long.
  const restored = within(reading, RESTORE_WAIT_MS, undefined);

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (stopped || restoring || event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey, queryHash, state } = event.query;
    if (!keep(queryKey) || state.data === undefined) return;
    const answer: KeptAnswer = {
      hash: queryHash,
      queryKey,
      data: firstPages(state.data),
      updatedAt: state.dataUpdatedAt,
    };
    void run('readwrite', (store) => store.put(answer))
      .then(() => run('readonly', (store) => store.index(ANSWERS_BY_TIME).getAllKeys()))
      .then((oldestFirst = []) => {
        const surplus = oldestFirst.slice(0, oldestFirst.length - MAX_KEPT_ANSWERS);
        if (surplus.length === 0) return;
        return run('readwrite', (store) => {
          for (const hash of surplus.slice(1)) store.delete(hash);
          return store.delete(surplus[0] as IDBValidKey);
        });
      })
      .catch((error: unknown) => console.warn('An answer could not be kept on this device', error));
  });

  return {
    restored,
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

/** An infinite query's first pages; any other data as it is. */
function firstPages(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('pages' in data)) return data;
  const { pages, pageParams } = data as { pages: unknown[]; pageParams: unknown[] };
  if (!Array.isArray(pages) || pages.length <= MAX_KEPT_PAGES) return data;
  return { pages: pages.slice(0, MAX_KEPT_PAGES), pageParams: pageParams.slice(0, MAX_KEPT_PAGES) };
}

/** Deletes the account's kept answers, and nothing else of its journal database. */
export async function clearKeptAnswers(userId: string): Promise<void> {
  await clearStoreIfPresent(userId, ANSWERS_STORE).catch((error: unknown) =>
    console.warn('The answers kept on this device could not be deleted', error),
  );
}
