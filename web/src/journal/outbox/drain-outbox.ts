import { retryDelayMs, sortSendFailure } from './send-failure.ts';
import type { JournalEntry } from '../entry.ts';
import type { OutboxRecord, OutboxStore } from './outbox-store.ts';

/** Whether sending can start: the account's session is there (refreshed if it had expired). */
export type SessionCheck = 'ready' | 'offline' | 'signed-out';

export interface DrainPorts {
  userId: string;
  store: OutboxStore;
  /** Checks, and refreshes if needed, the account's session before anything is sent. */
  session: () => Promise<SessionCheck>;
  /** Sends one entry through the data client (send-entry.ts); throws what it got. */
  send: (entry: JournalEntry) => Promise<void>;
}

export interface DrainResult {
  sent: string[];
  /** Why the drain stopped early, if it did. */
  stopped?: SessionCheck | undefined;
}

/** The lock all tabs of one account take to drain its outbox (Web Locks). */
export const outboxLockName = (userId: string) => `energy-tracker-outbox-${userId}`;

/**
 * Sends what waits in the outbox, oldest first, one tab at a time: the Web
 * Lock makes other tabs wait, and each reads the records again inside it, so
 * an entry one tab has sent and removed is not sent by the next. (The
 * entry's key on the server is the backstop: a tab that dies mid-send leaves
 * a record that is sent again and stored once, docs/decisions/035.)
 * `force` sends entries still in their back-off (the network just returned).
 */
export async function drainOutbox(ports: DrainPorts, force = false): Promise<DrainResult> {
  const run = () => drainNow(ports, force);
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(outboxLockName(ports.userId), run);
  }
  return run();
}

async function drainNow(
  { store, session, send }: DrainPorts,
  force: boolean,
): Promise<DrainResult> {
  const result: DrainResult = { sent: [] };
  const due = (await store.all()).filter(
    (record) => record.refusal === undefined && (force || record.retryAt <= Date.now()),
  );
  if (due.length === 0) return result;
  const check = await session();
  if (check !== 'ready') return { ...result, stopped: check };
  for (const record of due) {
    // Another tab may have sent or discarded it while this one waited for the lock.
    const current = await store.get(record.entryKey);
    if (!current || current.refusal !== undefined) continue;
    const outcome = await sendOne(current, send);
    if (outcome === 'sent') {
      await store.remove(record.entryKey);
      result.sent.push(record.entryKey);
      continue;
    }
    await store.put(outcome.record);
    if (outcome.offline) return { ...result, stopped: 'offline' };
  }
  return result;
}

async function sendOne(
  record: OutboxRecord,
  send: DrainPorts['send'],
): Promise<'sent' | { record: OutboxRecord; offline: boolean }> {
  try {
    await send(record.entry);
    return 'sent';
  } catch (error) {
    const failure = sortSendFailure(error);
    if (failure.kind === 'refused')
      return { record: { ...record, refusal: failure.reason }, offline: false };
    const attempts = record.attempts + 1;
    return {
      record: { ...record, attempts, retryAt: Date.now() + retryDelayMs(attempts) },
      offline: failure.offline,
    };
  }
}
