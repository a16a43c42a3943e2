// The outbox on the device (docs/decisions/041): entries saved but not yet
// stored by the server, in the account's journal database (journal-db.ts),
// so another person signing in on this device never opens it, and Log Out
// deletes it whole.
import type { JournalEntry } from '../entry.ts';
import { inJournal, OUTBOX_STORE } from '../journal-db.ts';

export interface OutboxRecord {
  entryKey: string;
  /** Kept as Track gave it; the save stamps its time when it had none. */
  entry: JournalEntry;
  /** Device time when it was saved; the order of sending. */
  savedAt: number;
  /** Sends that got no answer, or an answer worth retrying. */
  attempts: number;
  /** Device time before which a background retry waits (back-off). */
  retryAt: number;
  /** The server's reason, when it refused the entry and retrying cannot help. */
  refusal?: string | undefined;
}

const inStore = <T>(
  userId: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
) => inJournal(userId, OUTBOX_STORE, mode, act);

/** One account's outbox. */
export function outboxStore(userId: string) {
  return {
    /** Every record, oldest first. */
    all: async () =>
      (await inStore(userId, 'readonly', (s) => s.getAll() as IDBRequest<OutboxRecord[]>)).sort(
        (a, b) => a.savedAt - b.savedAt,
      ),
    get: (entryKey: string) =>
      inStore(userId, 'readonly', (s) => s.get(entryKey) as IDBRequest<OutboxRecord | undefined>),
    /** Resolves once the record is on disk ('strict' durability). */
    put: (record: OutboxRecord) =>
      inStore(userId, 'readwrite', (s) => s.put(record)).then(() => {}),
    remove: (entryKey: string) => inStore(userId, 'readwrite', (s) => s.delete(entryKey)),
    count: () => inStore(userId, 'readonly', (s) => s.count()),
  };
}

export type OutboxStore = ReturnType<typeof outboxStore>;
