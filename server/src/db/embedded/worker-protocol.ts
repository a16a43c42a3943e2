// What the server's thread and the embedded database's worker thread say to
// each other (pglite-in-worker.ts, pglite-worker.ts; docs/decisions/075).
import type { QueryResult } from '../database.ts';
import type { ScriptStep } from '../script-steps.ts';

export type Rows = QueryResult<Record<string, unknown>>;

/** The server's thread's first word: PGlite may open, on this compiled WebAssembly. */
export interface Open {
  kind: 'open';
  wasm: WebAssembly.Module;
}

/** Asks of the server's thread; `id` pairs each with its answer. */
export type Ask = { id: number; deferSync: boolean } & (
  | { kind: 'query'; sql: string; params: unknown[] }
  | { kind: 'exec'; sql: string }
  /** `check`: the results go back for a look before COMMIT (a `verdict` follows). */
  | { kind: 'script'; steps: ScriptStep[]; check: boolean }
  | { kind: 'begin' }
  | { kind: 'tx-query'; tx: number; sql: string; params: unknown[] }
  | { kind: 'tx-exec'; tx: number; sql: string }
  /** Ends transaction `tx`: commits it, or rolls it back with `error`. */
  | { kind: 'end'; tx: number; error?: SentError }
  /** The server's thread's word on a checked script's results. */
  | { kind: 'verdict'; script: number; error?: SentError }
  /** Resolves once the WAL syncs PostgreSQL asked for, up to `through`, are done (all, without it). */
  | { kind: 'flush'; through?: number }
  | { kind: 'close' }
);

/**
 * Answers of the worker: a value, an error, or a checked script's results
 * before COMMIT. A value comes with `walMark`, the WAL syncs PostgreSQL had
 * asked for by then: whatever the ask committed is on disk once a flush
 * through that mark has been answered. `syncedMark` is the mark up to which
 * the WAL was known to be on disk when the value was posted.
 */
export type Answer =
  | { id: number; ok: true; value: unknown; walMark: number; syncedMark: number }
  | { id: number; ok: false; error: SentError }
  | { id: number; check: Rows[] };

/** An error as it crosses threads: its message and its own fields (code, detail, hint, …). */
export interface SentError {
  name: string;
  message: string;
  stack?: string | undefined;
  fields: Record<string, unknown>;
}

/**
 * PostgreSQL's errors carry what the APIs answer with (SQLSTATE code,
 * detail, hint) as fields of their own, which a structured clone of an Error
 * drops: they travel as plain data instead. A field that cannot be posted
 * stays behind.
 */
export function sendError(err: unknown): SentError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value !== undefined && crosses(value)) fields[key] = value;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/**
 * Whether a value survives postMessage. One that does not (a symbol, a function
 * deep inside) would make the post throw, and the ask carrying it (a rollback, a
 * verdict) would never reach the worker, holding its transaction open.
 */
function crosses(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

export function receiveError(sent: SentError): Error {
  const err = Object.assign(new Error(sent.message), sent.fields);
  err.name = sent.name;
  if (sent.stack) err.stack = sent.stack;
  return err;
}
