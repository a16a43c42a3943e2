// One small interface over both drivers, so that every query in the server
// runs the same SQL on embedded PGlite and on a real PostgreSQL (docs/architecture.md 3).
import type { ScriptStep } from './script-steps.ts';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs fn inside BEGIN … COMMIT; any throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs steps without parameters as one transaction, sent together as
   * one simple-protocol script (one round trip on PostgreSQL), and returns
   * each one's result. A prepared step (script-steps.ts) runs by EXECUTE,
   * its result the EXECUTE's. `beforeCommit` may throw (or reject) to roll
   * everything back; it costs a second round trip for the COMMIT.
   */
  transactionScript(
    steps: ScriptStep[],
    beforeCommit?: (results: QueryResult<Record<string, unknown>>[]) => void | Promise<void>,
  ): Promise<QueryResult<Record<string, unknown>>[]>;
  close(): Promise<void>;
  /**
   * Told how many rows a committed data request wrote, so the embedded
   * database can refresh planner statistics after a large change (see
   * embedded/statistics.ts); PostgreSQL's autovacuum needs no telling.
   */
  rowsChanged?: (count: number) => void;
  /**
   * Runs `work` with writes that return once committed, before the commit is
   * on disk; the caller must await `untilOnDisk()` before it answers. The data
   * API frees its turn at the commit so that the next request's commit can
   * share the embedded database's WAL sync (group commit, docs/decisions/030).
   * PostgreSQL is on disk at COMMIT: both are no-ops there.
   */
  deferDiskSync<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once every commit made so far is on disk. */
  untilOnDisk(): Promise<void>;
  /** Statements that can run at once: 1 for PGlite, the pool's size for PostgreSQL. */
  readonly concurrency: number;
  /**
   * Statements run on this process's event loop, holding it while they run:
   * PGlite called in this thread (the tests' in-memory databases), not the
   * server's embedded database, which has a thread of its own (ADR 075).
   */
  readonly runsOnEventLoop: boolean;
}
