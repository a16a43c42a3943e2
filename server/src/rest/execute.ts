import pg from 'pg';
import type { Database } from '../db/database.ts';
import type { PreparedStep } from '../db/script-steps.ts';
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
function setClaims(claims: string, readOnly: boolean): string {
  return (
    `SELECT set_config('request.jwt.claims', ${claims}, true), ` +
    "set_config('timezone', 'UTC', true), set_config('statement_timeout', '10s', true)" +
    // Switching a transaction to read-only is allowed at any point before it writes.
    (readOnly ? ", set_config('transaction_read_only', 'on', true)" : '')
  );
}

interface ResultRow {
  total: number | string | null;
  page_total: number | string;
  body: string | null;
}

/**
 * The request's statement, prepared, with its parameters as quoted
 * literals, so that role, claims, statement and COMMIT travel to the
 * database together in one round trip, as PostgREST does (ADR 015). The
 * statement text is the same as with bound parameters and is typed the same
 * way; the database prepares it once per request or keeps it (ADR 077).
 */
function asPreparedStep(statement: Statement, role: DataRole): PreparedStep | undefined {
  // A NUL cannot travel inside a script's text: such a request takes the
  // parameterised path, which refuses it with PostgreSQL's own error.
  if (statement.params.some((p) => p.includes('\0'))) return undefined;
  return {
    prepare: statement.sql,
    args: statement.params.map((p) => pg.escapeLiteral(p)),
    role,
  };
}

function toResult(row: ResultRow | undefined): ExecutionResult {
  return {
    total: row?.total === null || row?.total === undefined ? null : Number(row.total),
    pageTotal: Number(row?.page_total ?? 0),
    body: row?.body ?? null,
  };
}

/**
 * Runs one data request in one transaction as the role its JWT names, so row
 * level security decides what it may see and change. `check` runs before
 * COMMIT: throwing there rolls the statement back (e.g. a PATCH that asked for
 * a single object but touched three rows).
 */
export async function execute(
  db: Database,
  auth: RequestAuth,
  statement: Statement,
  check?: (result: ExecutionResult) => void,
): Promise<ExecutionResult> {
  const result = await run(db, auth, statement, check);
  if (statement.readOnly !== true && result.pageTotal > 0) db.rowsChanged?.(result.pageTotal);
  return result;
}

async function run(
  db: Database,
  auth: RequestAuth,
  statement: Statement,
  check?: (result: ExecutionResult) => void,
): Promise<ExecutionResult> {
  const claims = setClaims(
    pg.escapeLiteral(JSON.stringify(auth.claims)),
    statement.readOnly === true,
  );
  const step = asPreparedStep(statement, auth.role);
  if (step) {
    const prelude = [SET_ROLE[auth.role], claims];
    let result: ExecutionResult | undefined;
    await db
      .transactionScript(
        [...prelude, step],
        check &&
          ((results) => {
            result = toResult(results[prelude.length]?.rows[0] as ResultRow | undefined);
            check(result);
          }),
      )
      .then((results) => {
        result ??= toResult(results[prelude.length]?.rows[0] as ResultRow | undefined);
      });
    return result as ExecutionResult;
  }
  return db.transaction(async (tx) => {
    await tx.query(SET_ROLE[auth.role]);
    await tx.query(claims);
    const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
    const result = toResult(rows[0]);
    check?.(result);
    return result;
  });
}
