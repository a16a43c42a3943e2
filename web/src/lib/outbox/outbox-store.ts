// The outbox on the device (docs/decisions/041): entries saved but not yet
// stored by the server, in IndexedDB, one database per account, so another
// person signing in on this device never opens it, and Log Out deletes it whole.
// A wrapper of our own (about 60 lines) instead of `idb`: we need four calls.

/** What the outbox needs of an entry; the rest of it is kept as it was given. */
export interface OutboxEntry {
  /** Made on the device when the entry was logged (docs/decisions/035). */
  entryKey: string;
  /** The moment it was logged, or the earlier moment the person chose (ISO 8601). */
  createdAt?: string | undefined;
  activity: string;
}

export interface OutboxRecord {
  entryKey: string;
  entry: OutboxEntry;
  /** Device time when it was saved; the order of sending. */
  savedAt: number;
  /** Sends that got no answer, or an answer worth retrying. */
  attempts: number;
  /** Device time before which a background retry waits (back-off). */
  retryAt: number;
  /** The server's reason, when it refused the entry and retrying cannot help. */
  refusal?: string | undefined;
}

const STORE = 'outbox';
const DB_PREFIX = 'energy-tracker-journal-';

/** The account's database name; Log Out deletes it (web/src/lib/sign-out.ts). */
export const journalDbName = (userId: string) => `${DB_PREFIX}${userId}`;

const open = new Map<string, Promise<IDBDatabase>>();

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function database(userId: string): Promise<IDBDatabase> {
  let db = open.get(userId);
  if (!db) {
    const request = indexedDB.open(journalDbName(userId), 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(STORE, { keyPath: 'entryKey' });
    db = done(request).then((connection) => {
      // Another tab deleting the database (Log Out) must not wait for this one.
      connection.onversionchange = () => {
        connection.close();
        open.delete(userId);
      };
      return connection;
    });
    db.catch(() => open.delete(userId));
    open.set(userId, db);
  }
  return db;
}

async function inStore<T>(
  userId: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await database(userId);
  const transaction = db.transaction(STORE, mode, { durability: 'strict' });
  const result = done(act(transaction.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
  return result;
}

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

/** Deletes the account's journal database: its outbox and anything else kept there. */
export async function deleteJournalDb(userId: string): Promise<void> {
  const db = open.get(userId);
  open.delete(userId);
  if (db) (await db.catch(() => null))?.close();
  await done(indexedDB.deleteDatabase(journalDbName(userId)));
}
