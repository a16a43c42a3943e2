import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  clearKeptAnswers,
  keepAnswers,
  MAX_KEPT_ANSWERS,
  MAX_KEPT_PAGES,
} from '../../src/journal/answer-cache.ts';
import { deleteJournalDb, journalDbName } from '../../src/journal/journal-db.ts';
import { outboxStore } from '../../src/journal/outbox/outbox-store.ts';
import { waitFor } from '@testing-library/react';

// docs/decisions/045: the answers the app loaded last, kept per account in
// its journal database (fake-indexeddb here), put back at the next start.

const kept = (userId: string) => ['activities', userId];
const keepAll = (userId: string) => (key: readonly unknown[]) => key[1] === userId;
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

async function keptInDb(userId: string): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(journalDbName(userId));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      const request = db.transaction('answers').objectStore('answers').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** An account whose device keeps one list answer and one entry waiting in the outbox. */
async function keptListAndWaitingEntry(userId: string, list: string[], entryKey: string) {
  const queries = client();
  const cache = keepAnswers(queries, userId, keepAll(userId));
  await cache.restored;
  queries.setQueryData([...kept(userId), 'list'], list);
  await waitFor(async () => expect(await keptInDb(userId)).toBe(1));
  await outboxStore(userId).put({
    entryKey,
    entry: { entryKey, activity: 'Walk', energy: 50, engagement: 50, flowState: false, notes: '' },
    savedAt: 1,
    attempts: 0,
    retryAt: 0,
  });
  return cache;
}

const journalDbExists = async (userId: string) =>
  (await indexedDB.databases()).some((db) => db.name === journalDbName(userId));

describe('the answers kept on the device', () => {
  it('puts back what one start kept at the next, with its time, for that account only', async () => {
    const alice = `alice-${crypto.randomUUID()}`;
    const bob = `bob-${crypto.randomUUID()}`;
    const first = client();
    const cache = keepAnswers(first, alice, keepAll(alice));
    await cache.restored;
    await first.fetchQuery({
      queryKey: [...kept(alice), 'insights'],
      queryFn: () => ({ entries: 3 }),
    });
    await first.fetchQuery({ queryKey: ['journal-questions'], queryFn: () => ['not kept'] });
    await waitFor(async () => expect(await keptInDb(alice)).toBe(1));
    const answeredAt = first.getQueryState([...kept(alice), 'insights'])?.dataUpdatedAt;
    cache.stop();

    const next = client();
    await keepAnswers(next, alice, keepAll(alice)).restored;
    expect(next.getQueryData([...kept(alice), 'insights'])).toEqual({ entries: 3 });
    expect(next.getQueryState([...kept(alice), 'insights'])?.dataUpdatedAt).toBe(answeredAt);
    expect(next.getQueryData(['journal-questions'])).toBeUndefined();

    const other = client();
    await keepAnswers(other, bob, keepAll(bob)).restored;
    expect(other.getQueryCache().getAll()).toEqual([]);
  });

  it('keeps the newest answers and the first pages of a list', async () => {
    const carol = `carol-${crypto.randomUUID()}`;
    const queries = client();
    const cache = keepAnswers(queries, carol, keepAll(carol));
    await cache.restored;
    for (let i = 0; i < MAX_KEPT_ANSWERS + 5; i++) {
      queries.setQueryData([...kept(carol), 'search', i], [i], { updatedAt: 1000 + i });
    }
    const pages = Array.from({ length: MAX_KEPT_PAGES + 3 }, (_, i) => [`page ${i}`]);
    queries.setQueryData([...kept(carol), 'list'], { pages, pageParams: pages.map((_, i) => i) });
    await waitFor(async () => expect(await keptInDb(carol)).toBe(MAX_KEPT_ANSWERS));
    cache.stop();

    const next = client();
    await keepAnswers(next, carol, keepAll(carol)).restored;
    expect(next.getQueryData([...kept(carol), 'search', 0])).toBeUndefined();
    expect(next.getQueryData([...kept(carol), 'search', MAX_KEPT_ANSWERS + 4])).toEqual([
      MAX_KEPT_ANSWERS + 4,
    ]);
    const list = next.getQueryData<{ pages: unknown[] }>([...kept(carol), 'list']);
    expect(list?.pages).toHaveLength(MAX_KEPT_PAGES);
  });

  it('leaves an answer given before the device was read, and is deleted with the outbox', async () => {
    const dave = `dave-${crypto.randomUUID()}`;
    const cache = await keptListAndWaitingEntry(dave, ['old'], 'k');
    cache.stop();

    const next = client();
    next.setQueryData([...kept(dave), 'list'], ['fresh']);
    await keepAnswers(next, dave, keepAll(dave)).restored;
    expect(next.getQueryData([...kept(dave), 'list'])).toEqual(['fresh']);

    await deleteJournalDb(dave);
    expect(await journalDbExists(dave)).toBe(false);
  });

  it('deletes the kept answers of a session that ended by itself, keeps its outbox, and makes no database', async () => {
    const erin = `erin-${crypto.randomUUID()}`;
    const keeping = await keptListAndWaitingEntry(erin, ['private'], 'e');
    keeping.stop();

    await clearKeptAnswers(erin);
    expect(await keptInDb(erin)).toBe(0);
    expect((await outboxStore(erin).all()).map((record) => record.entryKey)).toEqual(['e']);
    await deleteJournalDb(erin);

    // Another tab's Log Out deleted the database: clearing makes no new one.
    await clearKeptAnswers(erin);
    expect(await journalDbExists(erin)).toBe(false);
  });
});
