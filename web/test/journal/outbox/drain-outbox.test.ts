import { describe, expect, it } from 'vitest';
import { drainOutbox, type DrainPorts } from '../../../src/journal/outbox/drain-outbox.ts';
import { deleteJournalDb, journalDbName } from '../../../src/journal/journal-db.ts';
import { outboxStore, type OutboxRecord } from '../../../src/journal/outbox/outbox-store.ts';
import { SAME_TIME_REASON } from '../../../src/journal/outbox/send-failure.ts';

// docs/decisions/041: the outbox on IndexedDB (fake-indexeddb, the same
// IndexedDB API in Node). What leaves the outbox, what stays, and why.

let accounts = 0;
const newAccount = () => `user-${++accounts}-${crypto.randomUUID()}`;

const record = (activity: string, savedAt: number): OutboxRecord => {
  const entryKey = crypto.randomUUID();
  const entry = { entryKey, activity, energy: 50, engagement: 50, flowState: false, notes: '' };
  return { entryKey, entry, savedAt, attempts: 0, retryAt: 0 };
};

const noAnswer = () => new TypeError('Failed to fetch');
const postgrestError = (code: string, message: string, details = '') => ({
  code,
  message,
  details,
  hint: '',
});

function ports(userId: string, send: DrainPorts['send']): DrainPorts {
  return { userId, store: outboxStore(userId), session: async () => 'ready', send };
}

describe('draining the outbox', () => {
  it('sends oldest first and removes what the server stored', async () => {
    const userId = newAccount();
    const store = outboxStore(userId);
    await store.put(record('second', 2));
    await store.put(record('first', 1));
    const sent: string[] = [];
    const result = await drainOutbox(
      ports(userId, async (entry) => void sent.push(entry.activity)),
    );
    expect(sent).toEqual(['first', 'second']);
    expect(result.sent).toHaveLength(2);
    expect(await store.count()).toBe(0);
  });

  it('keeps a refused entry with the server’s reason and does not send it again', async () => {
    const userId = newAccount();
    const store = outboxStore(userId);
    const future = record('future', 1);
    const sameTime = record('same time', 2);
    await store.put(future);
    await store.put(sameTime);
    let sends = 0;
    const refuse: DrainPorts['send'] = async (entry) => {
      sends += 1;
      throw entry.activity === 'future'
        ? postgrestError(
            'P0001',
            'An entry cannot be in the future',
            'later than the server’s time',
          )
        : postgrestError('23505', 'duplicate key value violates unique constraint');
    };
    await drainOutbox(ports(userId, refuse));
    expect((await store.get(future.entryKey))?.refusal).toBe(
      'An entry cannot be in the future: later than the server’s time',
    );
    expect((await store.get(sameTime.entryKey))?.refusal).toBe(SAME_TIME_REASON);
    await drainOutbox(ports(userId, refuse), true);
    expect(sends).toBe(2);
  });

  it('keeps an entry that got no answer, backs off, and stops trying the rest', async () => {
    const userId = newAccount();
    const store = outboxStore(userId);
    const [a, b] = [record('a', 1), record('b', 2)];
    await store.put(a);
    await store.put(b);
    let sends = 0;
    const before = Date.now();
    const result = await drainOutbox(
      ports(userId, async () => {
        sends += 1;
        throw noAnswer();
      }),
    );
    expect(result.stopped).toBe('offline');
    expect(sends).toBe(1);
    const kept = await store.get(a.entryKey);
    expect(kept?.attempts).toBe(1);
    expect(kept?.retryAt).toBeGreaterThanOrEqual(before + 5000);
    // In its back-off it waits, unless the network just returned (force).
    const waiting: string[] = [];
    await drainOutbox(ports(userId, async (entry) => void waiting.push(entry.activity)));
    expect(waiting).toEqual(['b']);
    await drainOutbox(
      ports(userId, async (entry) => void waiting.push(entry.activity)),
      true,
    );
    expect(waiting).toEqual(['b', 'a']);
  });

  it('retries, not refuses, what may pass later: a busy server, an expired token, a proxy page', async () => {
    const userId = newAccount();
    const store = outboxStore(userId);
    for (const [index, error] of [
      postgrestError('PGRST301', 'JWT expired'),
      postgrestError('53300', 'too many connections'),
      postgrestError('', '<html>502 Bad Gateway</html>'),
    ].entries()) {
      const kept = record(`entry ${index}`, index);
      await store.put(kept);
      await drainOutbox(
        ports(userId, () => Promise.reject(error)),
        true,
      );
      const after = await store.get(kept.entryKey);
      expect(after?.refusal).toBeUndefined();
      expect(after?.attempts).toBe(1);
      await store.remove(kept.entryKey);
    }
  });

  it('sends nothing without the account’s session', async () => {
    const userId = newAccount();
    const store = outboxStore(userId);
    await store.put(record('waits', 1));
    let sends = 0;
    const result = await drainOutbox({
      ...ports(userId, async () => void (sends += 1)),
      session: async () => 'signed-out',
    });
    expect(result.stopped).toBe('signed-out');
    expect(sends).toBe(0);
    expect(await store.count()).toBe(1);
  });
});

describe('one outbox per account', () => {
  it('never shows one account’s entries to another, and deletes one account’s whole database', async () => {
    const [alice, bob] = [newAccount(), newAccount()];
    await outboxStore(alice).put(record('alice’s', 1));
    expect(await outboxStore(bob).all()).toEqual([]);
    await deleteJournalDb(alice);
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).not.toContain(journalDbName(alice));
    expect(await outboxStore(alice).count()).toBe(0);
  });
});
