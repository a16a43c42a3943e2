import type { Database } from './database.ts';

/** What callers read of a database before it is open: fixed by its kind. */
export type DatabaseShape = Pick<Database, 'concurrency' | 'runsOnEventLoop'>;

/**
 * A database whose opening is under way, so that the server builds its app
 * (routes, their schemas, the web app's files) meanwhile instead of after
 * (docs/decisions/099). Until it is open every call waits for it; after,
 * each goes straight through. What routes read when they are registered,
 * `concurrency` and `runsOnEventLoop`, is the kind's. `rowsChanged` is left
 * to whoever keeps the database's statistics, as on any Database.
 */
export function databaseWhenOpen(opening: Promise<Database>, shape: DatabaseShape): Database {
  let open: Database | undefined;
  opening.then(
    (db) => (open = db),
    () => {}, // the opener awaits `opening` and reports its failure
  );
  const through = <T>(call: (db: Database) => Promise<T>): Promise<T> =>
    open ? call(open) : opening.then(call);
  return {
    ...shape,
    query: <Row>(sql: string, params?: unknown[]) => through((db) => db.query<Row>(sql, params)),
    exec: (sql) => through((db) => db.exec(sql)),
    transaction: (fn) => through((db) => db.transaction(fn)),
    transactionScript: (steps, beforeCommit) =>
      through((db) => db.transactionScript(steps, beforeCommit)),
    deferDiskSync: (work) => through((db) => db.deferDiskSync(work)),
    untilOnDisk: () => through((db) => db.untilOnDisk()),
    close: () => through((db) => db.close()),
  };
}
