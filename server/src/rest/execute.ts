import type { Database } from '../db/database.ts';
import type { Statement } from './build-sql.ts';
import type { DataRole, RequestAuth } from './request-auth.ts';

export interface ExecutionResult {
  /** The exact count when asked for (Prefer: count=…), else null. */
  total: number | null;
  pageTotal: number;
  body: string | null;
}

// Fixed statements: the role name never comes from the request text itself.
const SET_ROLE: Record<DataRole, string> = {
  anon: 'SET LOCAL ROLE anon',
  authenticated: 'SET LOCAL ROLE authenticated',
};

// The claims are what auth.uid() and the RLS policies read. UTC makes every
// timestamp in a body identical on PGlite and on any PostgreSQL server. The
// timeout keeps one costly request from holding a pooled connection (PGlite
// ignores it; its filters are bounded in parse-filter.ts instead).
const SET_CLAIMS =
  "SELECT set_config('request.jwt.claims', $1, true), set_config('timezone', 'UTC', true), " +
  "set_config('statement_timeout', '10s', true)";
// Same round trip; switching a transaction to read-only is allowed at any point.
const SET_CLAIMS_READ_ONLY = `${SET_CLAIMS}, set_config('transaction_read_only', 'on', true)`;

interface ResultRow {
  total: number | string | null;
  page_total: number | string;
  body: string | null;
}

/**
 * Runs one data request in one transaction as the role its JWT names, so row
 * level security decides what it may see and change. `check` runs before
 * COMMIT: throwing there rolls the statement back (e.g. a PATCH that asked for
 * a single object but touched three rows).
 */
export function execute(
  db: Database,
  auth: RequestAuth,
  statement: Statement,
  check?: (result: ExecutionResult) => void,
): Promise<ExecutionResult> {
  return db.transaction(async (tx) => {
    await tx.query(SET_ROLE[auth.role]);
    await tx.query(statement.readOnly ? SET_CLAIMS_READ_ONLY : SET_CLAIMS, [
      JSON.stringify(auth.claims),
    ]);
    const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
    const row = rows[0];
    const result: ExecutionResult = {
      total: row?.total === null || row?.total === undefined ? null : Number(row.total),
      pageTotal: Number(row?.page_total ?? 0),
      body: row?.body ?? null,
    };
    check?.(result);
    return result;
  });
}
