import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite, type Results } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from '../database.ts';
import { isWalGrowthRefused } from '../disk-full.ts';
import { resultsOfSteps } from '../script-steps.ts';
import { keptStatements } from './kept-statements.ts';
import { DURABLE_START_PARAMS, syncToDisk, type WalSync } from './pglite-durability.ts';
import { keepFileSizes } from './pglite-file-sizes.ts';
import { compilePglite } from './pglite-wasm.ts';

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'>;

function wrap(db: PGliteQueryable): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      return toRows(await db.query<Row>(sql, params));
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/**
 * One statement's result like node-postgres gives it: rows returned for a
 * query with a result set, rows affected otherwise (PGlite reports
 * affectedRows 0 for a SELECT).
 */
function toRows<Row>(r: Results<Row>): QueryResult<Row> {
  return { rows: r.rows, rowCount: r.fields.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
}

/** Set while a caller runs work whose answer waits for the disk itself (deferDiskSync). */
const syncDeferred = new AsyncLocalStorage<true>();

/** The embedded database, which can also write out its whole data directory. */
export interface PgliteDatabase extends Database {
  /** Resolves once the commits up to `through` (walMark), or all so far, are on disk. */
  untilOnDisk(through?: number): Promise<void>;
  /** A mark after every commit so far, for untilOnDisk. */
  walMark(): number;
  /** A mark up to which every commit is on disk (a walMark taken at most this high is). */
  syncedMark(): number;
  /** The data directory as one uncompressed tar image (PGlite's dumpDataDir). */
  dumpDataDir(): Promise<Blob>;
}

export interface PgliteOptions {
  /**
   * Start from this data directory image instead of running initdb: the
   * tests clone one migrated database per run this way (docs/testing.md).
   */
  image?: Blob;
  /** PostgreSQL's WebAssembly, compiled already (a worker thread is handed the server's). */
  wasm?: WebAssembly.Module;
}

/** Embedded PostgreSQL; dataDir undefined keeps it in memory (tests). */
export async function createPgliteDatabase(
  dataDir: string | undefined,
  { image, wasm }: PgliteOptions = {},
): Promise<PgliteDatabase> {
  const db = await PGlite.create(dataDir, {
    pgliteWasmModule: wasm ?? (await compilePglite()),
    ...(image ? { loadDataDir: image } : {}),
    // PostgreSQL's server defaults assume a machine of its own; in one
    // process beside the web server a journal's working set fits in less
    // (docs/decisions/015: memory after load).
    startParams: [
      // PGlite's defaults start PostgreSQL with -F (fsync off); on disk, a
      // journal's commits must reach it (pglite-durability.ts).
      ...PGlite.defaultStartParams.filter((param) => dataDir === undefined || param !== '-F'),
      ...(dataDir === undefined ? [] : DURABLE_START_PARAMS),
      ...['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB'],
    ],
  });
  const wal: WalSync =
    dataDir === undefined
      ? { flush: async () => {}, mark: () => 0, syncedMark: () => 0, close: async () => {} }
      : syncToDisk(db);
  if (dataDir !== undefined) keepFileSizes(db);
  // Once the write-ahead log could not grow, PGlite would hang the process at
  // the next call: every call is refused with that disk-full error instead
  // (answered 507), until the server is restarted with room (disk-full.ts).
  let walFull: unknown;
  const refusingAfterWalFull = async <T>(work: () => Promise<T>): Promise<T> => {
    if (walFull) throw walFull;
    try {
      return await work();
    } catch (err) {
      if (isWalGrowthRefused(err)) walFull ??= err;
      throw err;
    }
  };
  const untilOnDisk = (through?: number) => refusingAfterWalFull(() => wal.flush(through));
  // Every answer waits until what it committed is on disk; reads commit
  // nothing and pass at once. Inside deferDiskSync the caller waits instead.
  const durably = <T>(work: () => Promise<T>): Promise<T> =>
    refusingAfterWalFull(async () => {
      const value = await work();
      if (!syncDeferred.getStore()) await wal.flush();
      return value;
    });
  const direct = wrap(db);
  const kept = keptStatements();
  let lastScript: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = lastScript.then(work);
    lastScript = turn.catch(() => {});
    return turn;
  };
  const runScript = async (
    statements: string[],
    beforeCommit?: (results: QueryResult<Record<string, unknown>>[]) => unknown,
  ) => {
    if (!beforeCommit) {
      // Statements sent together run as one transaction, all or nothing
      // (PostgreSQL's implicit transaction block): no BEGIN and COMMIT of
      // their own, two calls into PGlite fewer (docs/decisions/076).
      return (await db.exec(statements.join(';\n'))).map(toRows);
    }
    // The check looks before COMMIT; PGlite's transaction() keeps other
    // work out until then.
    return db.transaction(async (tx) => {
      const results = (await tx.exec(statements.join(';\n'))).map(toRows);
      await beforeCommit(results);
      return results;
    });
  };
  return {
    query: (sql, params) => durably(() => direct.query(sql, params)),
    exec: (sql) => durably(() => direct.exec(sql)),
    // PGlite is one connection: its transaction() queues other work until done.
    transaction: (fn) => durably(() => db.transaction((tx) => fn(wrap(tx)))),
    // In one process a round trip is cheap; one exec still saves parsing and
    // copying per statement. Each script is rendered when the one before it
    // has ended, so that its kept statements are the session's.
    transactionScript: (steps, beforeCommit) =>
      durably(() =>
        inTurn(async () => {
          const script = kept.render(steps);
          try {
            const results = await runScript(
              script.statements,
              beforeCommit && ((each) => beforeCommit(resultsOfSteps(script, each))),
            );
            kept.settled(true);
            return resultsOfSteps(script, results);
          } catch (err) {
            kept.settled(false);
            throw err;
          }
        }),
      ),
    deferDiskSync: (work) => syncDeferred.run(true, work),
    untilOnDisk,
    walMark: () => wal.mark(),
    syncedMark: () => wal.syncedMark(),
    concurrency: 1,
    runsOnEventLoop: true,
    dumpDataDir: () => db.dumpDataDir('none'),
    async close() {
      await db.close();
      await wal.close();
    },
  };
}
