// The embedded database's own thread (docs/decisions/075): PGlite, its WAL
// syncs and its refusals after a full disk, as pglite-database.ts makes them,
// answering the server's thread (pglite-in-worker.ts) over worker-protocol.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from '../database.ts';
import type { ScriptStep } from '../script-steps.ts';
import { createPgliteDatabase } from './pglite-database.ts';
import {
  receiveError,
  sendError,
  type Answer,
  type Ask,
  type Open,
  type Rows,
} from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir: string };

const answer = (message: Answer) => port.postMessage(message);
/** A value, marked after whatever the ask committed (worker-protocol.ts). */
const answerValue = (id: number, value: unknown) =>
  answer({ id, ok: true, value, walMark: db.walMark(), syncedMark: db.syncedMark() });
const settle = (id: number, work: Promise<unknown>) =>
  work.then(
    (value) => answerValue(id, value),
    (err: unknown) => answer({ id, ok: false, error: sendError(err) }),
  );

interface OpenTransaction {
  tx: Queryable;
  /** Commits (no error) or rolls back; `id` is the `end` ask the outcome answers. */
  end(id: number, error?: Error): void;
}
/** Open transactions, by the id of the `begin` that opened them. */
const transactions = new Map<number, OpenTransaction>();
/** Checked scripts waiting for the server's thread's verdict, by their id. */
const verdicts = new Map<number, (error?: Error) => void>();

function transactionOf(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  return open;
}

// The thread starts before the data directory is locked and the WebAssembly
// compiled; the server's thread says when PGlite may open (pglite-in-worker.ts).
// No ask comes before the answer to id 0.
const { wasm } = await new Promise<Open>((resolve) => port.once('message', resolve));
const db = await createPgliteDatabase(dataDir, { wasm });

/**
 * A transaction the server's thread drives statement by statement: `begin`
 * is answered once it is open, and the `end` ask with its outcome.
 */
function begin(beginId: number, deferSync: boolean): void {
  let endId = beginId;
  let begun = false;
  const work = () =>
    db.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          transactions.set(beginId, {
            tx,
            end(id, error) {
              endId = id;
              if (error) rollBack(error);
              else commit();
            },
          });
          begun = true;
          answerValue(beginId, null);
        }),
    );
  void (deferSync ? db.deferDiskSync(work) : work())
    .then(
      () => answerValue(endId, null),
      (err: unknown) => answer({ id: begun ? endId : beginId, ok: false, error: sendError(err) }),
    )
    .finally(() => transactions.delete(beginId));
}

/** A script whose results the server's thread looks at before COMMIT; its verdict decides. */
function checkedScript(id: number, steps: ScriptStep[]): Promise<Rows[]> {
  return db.transactionScript(
    steps,
    (results) =>
      new Promise<void>((commit, rollBack) => {
        verdicts.set(id, (error) => (error ? rollBack(error) : commit()));
        answer({ id, check: results });
      }),
  );
}

/** Asks whose commit waits for the server's thread's `flush`, received and not yet ended. */
let deferredUnderWay = 0;

/**
 * Runs an ask whose commit the server's thread has sync later. When the last
 * of them ends, the sync starts at once, before its answer is posted: the
 * `flush` that follows then finds it under way instead of starting it a
 * thread hop later. While more are queued, the last to end starts it, so that
 * their commits share one sync (docs/decisions/080). A failed sync is kept
 * and refuses every later flush (pglite-durability.ts).
 */
function runDeferred(ask: Ask): Promise<unknown> {
  deferredUnderWay++;
  return db
    .deferDiskSync(() => run(ask))
    .finally(() => {
      if (--deferredUnderWay === 0) db.untilOnDisk().catch(() => {});
    });
}

function run(ask: Ask): Promise<unknown> {
  switch (ask.kind) {
    case 'query':
      return db.query(ask.sql, ask.params);
    case 'exec':
      return db.exec(ask.sql);
    case 'script':
      return ask.check ? checkedScript(ask.id, ask.steps) : db.transactionScript(ask.steps);
    case 'tx-query':
      return transactionOf(ask.tx).tx.query(ask.sql, ask.params);
    case 'tx-exec':
      return transactionOf(ask.tx).tx.exec(ask.sql);
    case 'flush':
      return db.untilOnDisk(ask.through);
    case 'close':
      return db.close();
    default:
      return Promise.reject(new Error(`unexpected ${ask.kind}`));
  }
}

port.on('message', (ask: Ask) => {
  try {
    if (ask.kind === 'begin') return begin(ask.id, ask.deferSync);
    if (ask.kind === 'end')
      return transactionOf(ask.tx).end(ask.id, ask.error && receiveError(ask.error));
    if (ask.kind === 'verdict') {
      const decide = verdicts.get(ask.script);
      verdicts.delete(ask.script);
      return decide?.(ask.error && receiveError(ask.error));
    }
    void settle(ask.id, ask.deferSync ? runDeferred(ask) : run(ask));
  } catch (err) {
    answer({ id: ask.id, ok: false, error: sendError(err) });
  }
});

answerValue(0, 'ready');
