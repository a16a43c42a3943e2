// The journal on this device (docs/decisions/041, 045): one IndexedDB
// database per account, so another person signing in on this device never
// opens it, and Log Out deletes it whole. It holds the outbox (entries not
// yet stored by the server) and the answers the app loaded last (Look Back,
// Insights), for an offline start. A wrapper of our own instead of `idb`: we
// need a handful of calls.

/** Store of the outbox, keyed by the entry's key. */
export const OUTBOX_STORE = 'outbox';
/** Store of the last answers, keyed by the query's hash, with an index on their time. */
export const ANSWERS_STORE = 'answers';
export const ANSWERS_BY_TIME = 'updatedAt';

const DB_PREFIX = 'energy-tracker-journal-';
// 1: the outbox (ADR 041); 2: the last answers (ADR 045).
const VERSION = 2;

/** The account's database name; Log Out deletes it (journal/log-out.ts). */
export const journalDbName = (userId: string) => `${DB_PREFIX}${userId}`;

const open = new Map<string, Promise<IDBDatabase>>();

export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function database(userId: string): Promise<IDBDatabase> {
  let db = open.get(userId);
  if (!db) {
    const request = indexedDB.open(journalDbName(userId), VERSION);
    request.onupgradeneeded = () => {
      const upgrading = request.result;
      if (!upgrading.objectStoreNames.contains(OUTBOX_STORE)) {
        upgrading.createObjectStore(OUTBOX_STORE, { keyPath: 'entryKey' });
      }
      if (!upgrading.objectStoreNames.contains(ANSWERS_STORE)) {
        upgrading
          .createObjectStore(ANSWERS_STORE, { keyPath: 'hash' })
          .createIndex(ANSWERS_BY_TIME, 'updatedAt');
      }
    };
    db = done(request).then((connection) => {
      // Another tab deleting the database (Log Out) or upgrading it must not wait for this one.
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

/**
 * Runs one request in a transaction of the account's database and resolves
 * with its result once the transaction has completed. 'strict' durability
 * (the outbox) resolves once it is on disk.
 */
export async function inJournal<T>(
  userId: string,
  store: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
  durability: IDBTransactionDurability = 'strict',
): Promise<T> {
  const db = await database(userId);
  const transaction = db.transaction(store, mode, { durability });
  const result = done(act(transaction.objectStore(store)));
  await completed(transaction);
  return result;
}

/** Settles when the transaction has committed, or fails with why it did not. */
function completed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** Deletes the account's journal database: its outbox, its last answers, anything kept there. */
export async function deleteJournalDb(userId: string): Promise<void> {
  const db = open.get(userId);
  open.delete(userId);
  if (db) (await db.catch(() => null))?.close();
  await done(indexedDB.deleteDatabase(journalDbName(userId)));
}

/**
 * Empties one store of the account's database if the database exists, and
 * never creates it: another tab's Log Out may just have deleted it, and
 * opening it the usual way would leave an empty one behind.
 */
export async function clearStoreIfPresent(userId: string, store: string): Promise<void> {
  const request = indexedDB.open(journalDbName(userId));
  request.onupgradeneeded = (event) => {
    // Version 0 means there was no database: abort, and none is made.
    if (event.oldVersion === 0) request.transaction?.abort();
  };
  const db = await done(request).catch(() => null);
  if (!db) return;
  try {
    if (!db.objectStoreNames.contains(store)) return;
    const transaction = db.transaction(store, 'readwrite');
    transaction.objectStore(store).clear();
    await completed(transaction);
  } finally {
    db.close();
  }
}
