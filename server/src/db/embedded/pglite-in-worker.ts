// The embedded database on a thread of its own (docs/decisions/075). PGlite
// runs PostgreSQL on the thread that calls it: in the server's own, every
// statement held the HTTP server, its JSON and its logging, so a save's two
// halves took turns on one core of two. Here the server's thread parses,
// checks and answers the next requests while the worker runs this one's SQL.
// Same Database as pglite-database.ts, which the worker runs unchanged: WAL
// syncs before an answer (group commit), and refusals after a full disk.
import { AsyncLocalStorage } from 'node:async_hooks';
import { getCompileCacheDir } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult } from '../database.ts';
import { compilePglite } from './pglite-wasm.ts';
import {
  receiveError,
  sendError,
  type Answer,
  type Ask,
  type Open,
  type Rows,
} from './worker-protocol.ts';

/**
 * Two requests take turns at once: while the worker runs one's SQL, this
 * thread builds the next one's and renders the last one's answer. PGlite is
 * one connection: the worker runs their statements one after another.
 * Statements run on the worker's thread: the server's keeps answering.
 */
export const EMBEDDED_SHAPE = { concurrency: 2, runsOnEventLoop: false } as const;

/** Set while a caller runs work whose answer waits for the disk itself (deferDiskSync). */
const syncDeferred = new AsyncLocalStorage<true>();

type AskWithoutId = Ask extends infer A
  ? A extends Ask
    ? Omit<A, 'id' | 'deferSync'>
    : never
  : never;

interface Waiting {
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** A checked script's look at its results before COMMIT. */
  check?: (results: Rows[]) => void | Promise<void>;
  /**
   * What the check threw, kept on this thread: the script's caller gets this
   * very error back (a DataApiError with its status and code), not the copy
   * that crossed to the worker as data to roll the script back.
   */
  refusal?: unknown;
}

/**
 * Starts the database's thread at once: it loads its modules while this
 * thread compiles PostgreSQL's WebAssembly and `mayOpen` settles (the data
 * directory locked), and opens PGlite only after both (docs/decisions/095);
 * `openAsked` hears when it has been told to.
 */
export async function createPgliteInWorker(
  dataDir: string,
  mayOpen: Promise<unknown> = Promise.resolve(),
  openAsked: () => void = () => {},
): Promise<Database> {
  // A worker has no compile cache of its own unless its environment names
  // one: it would strip and compile its modules' TypeScript on every start.
  const compileCache = getCompileCacheDir();
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir },
    ...(compileCache ? { env: { ...process.env, NODE_COMPILE_CACHE: compileCache } } : {}),
  });
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let stopped: Error | undefined;

  const stop = (err: Error) => {
    stopped ??= err;
    for (const w of waiting.values()) w.reject(stopped);
    waiting.clear();
  };
  worker.on('error', (err) => stop(new Error(`the embedded database stopped: ${err.message}`)));
  worker.on('exit', (code) => stop(new Error(`the embedded database stopped (exit ${code})`)));

  const post = (ask: Ask) => worker.postMessage(ask);
  // Every commit this thread has heard of is on disk once the worker's WAL
  // syncs through this mark are: a flush need not wait for a sync begun for
  // commits answered after it was asked (docs/decisions/080).
  let answeredMark = 0;
  // The highest mark the worker has reported on disk. A flush through a mark
  // at most this high needs no ask: an ask is read only once the statement
  // the worker is running has ended, so even a read whose answer committed
  // nothing waited behind another person's whole statement (ADR 096).
  let syncedMark = 0;
  worker.on('message', (message: Answer) => {
    const w = waiting.get(message.id);
    if (!w) return;
    if ('check' in message) {
      // The worker holds the transaction open until this verdict.
      Promise.resolve()
        .then(() => w.check?.(message.check))
        .then(
          () => post({ id: nextId++, deferSync: false, kind: 'verdict', script: message.id }),
          (err: unknown) => {
            w.refusal = err;
            post({
              id: nextId++,
              deferSync: false,
              kind: 'verdict',
              script: message.id,
              error: sendError(err),
            });
          },
        );
      return;
    }
    waiting.delete(message.id);
    if (message.ok) {
      answeredMark = Math.max(answeredMark, message.walMark);
      syncedMark = Math.max(syncedMark, message.syncedMark);
      w.resolve(message.value);
    } else if ('refusal' in w) w.reject(w.refusal as Error);
    else w.reject(receiveError(message.error));
  });

  function ask<T>(
    request: AskWithoutId,
    check?: (results: Rows[]) => void | Promise<void>,
    id = nextId++,
  ): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, check });
      post({ ...request, id, deferSync: syncDeferred.getStore() === true } as Ask);
    });
  }

  // The worker answers id 0 once PGlite is open, or fails to start.
  const opened = new Promise<unknown>((resolve, reject) => {
    waiting.set(0, { resolve, reject });
  });
  // A thread that fails while this one still waits below is not an unhandled rejection.
  opened.catch(() => {});
  try {
    const [wasm] = await Promise.all([compilePglite(), mayOpen]);
    worker.postMessage({ kind: 'open', wasm } satisfies Open);
    openAsked();
    await opened;
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = nextId++;
    await ask({ kind: 'begin' }, undefined, tx);
    const queryable: Queryable = {
      query: <Row>(sql: string, params: unknown[] = []) =>
        ask<QueryResult<Row>>({ kind: 'tx-query', tx, sql, params }),
      exec: (sql: string) => ask<void>({ kind: 'tx-exec', tx, sql }),
    };
    let result: T;
    try {
      result = await fn(queryable);
    } catch (err) {
      await ask({ kind: 'end', tx, error: sendError(err) }).catch(() => {});
      throw err;
    }
    await ask({ kind: 'end', tx });
    return result;
  }

  return {
    query: <Row>(sql: string, params: unknown[] = []) =>
      ask<QueryResult<Row>>({ kind: 'query', sql, params }),
    exec: (sql) => ask<void>({ kind: 'exec', sql }),
    transaction,
    transactionScript: (steps, beforeCommit) =>
      ask<Rows[]>({ kind: 'script', steps, check: beforeCommit !== undefined }, beforeCommit),
    deferDiskSync: (work) => syncDeferred.run(true, work),
    untilOnDisk: () =>
      answeredMark <= syncedMark
        ? Promise.resolve()
        : ask<void>({ kind: 'flush', through: answeredMark }),
    ...EMBEDDED_SHAPE,
    async close() {
      if (!stopped) await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}
