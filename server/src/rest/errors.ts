import type { FastifyReply } from 'fastify';
import {
  DISK_FULL_MESSAGE,
  DISK_FULL_SQLSTATE,
  DISK_FULL_STATUS,
  isDiskFull,
} from '../db/disk-full.ts';
import { DataErrorCode, sqlState, type SqlState } from './error-codes.ts';

/** PostgREST's error body: every failure of the data API leaves in this shape. */
export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export interface DataApiErrorOptions {
  details?: string | null;
  hint?: string | null;
  headers?: Record<string, string>;
}

/** A failure with a known status and PostgREST code; handlers throw it, one renderer writes it. */
export class DataApiError extends Error {
  readonly status: number;
  readonly code: DataErrorCode | SqlState;
  readonly details: string | null;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: DataErrorCode | SqlState,
    message: string,
    options: DataApiErrorOptions = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details ?? null;
    this.hint = options.hint ?? null;
    this.headers = options.headers ?? {};
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export function sendError(reply: FastifyReply, error: DataApiError): FastifyReply {
  // A 401 tells the client which scheme to use, as PostgREST does.
  const headers =
    error.status === 401 && !error.headers['WWW-Authenticate']
      ? { ...error.headers, 'WWW-Authenticate': 'Bearer' }
      : error.headers;
  return reply
    .code(error.status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(error.body()));
}

/** The shape both drivers (node-postgres and PGlite) give a PostgreSQL error. */
interface DatabaseErrorLike {
  code: SqlState;
  message: string;
  detail?: string;
  hint?: string;
}

function isDatabaseError(err: unknown): err is DatabaseErrorLike {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

// Network-level failures reaching the database: PostgREST answers 503 PGRST000.
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

/**
 * PostgREST's table from SQLSTATE to HTTP status (src/library/PostgREST/Error.hs,
 * mapSQLtoHTTP). `authenticated` decides 42501: 401 asks an anonymous caller to
 * sign in, 403 tells a signed-in one that signing in again will not help.
 */
export function statusForSqlState(state: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    // disk_full: PostgREST answers 503 with the class; 507 says which
    // resource ran out (docs/decisions/033).
    '53100': DISK_FULL_STATUS,
    '53400': 500,
    '57P01': 503,
    // Our statement_timeout (execute.ts): the request cost too much, not a bug.
    // PostgREST answers 500; a client should see "try again later".
    '57014': 503,
    P0001: 400,
  };
  if (state === '42501') return authenticated ? 403 : 401;
  // A function chooses its own status by raising SQLSTATE PTxyz (PostgREST's
  // custom status codes), e.g. PT404 for an entry that is not there.
  if (/^PT[2-4]\d\d$/.test(state)) return Number(state.slice(2));
  // An upsert whose rows repeat one conflict key under merge-duplicates: the
  // request is at fault, so 400 where PostgREST answers 500.
  if (state === '21000') {
    return message.endsWith('requires a WHERE clause') ||
      message.includes('cannot affect row a second time')
      ? 400
      : 500;
  }
  if (state === '22023') {
    return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  }
  const found = exact[state];
  if (found !== undefined) return found;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[state.slice(0, 2)] ?? 400;
}

/** Any thrown value as the error the client sees; undefined means "a bug: answer 500". */
export function toApiError(err: unknown, authenticated: boolean): DataApiError | undefined {
  if (err instanceof DataApiError) return err;
  if (isDiskFull(err)) {
    // PostgreSQL's own text names a file inside the data directory; the
    // person needs to know that nothing was saved. Operators find it in details.
    return new DataApiError(DISK_FULL_STATUS, sqlState(DISK_FULL_SQLSTATE), DISK_FULL_MESSAGE, {
      details: (err as Error).message ?? null,
    });
  }
  if (isDatabaseError(err)) {
    return new DataApiError(
      statusForSqlState(err.code, err.message, authenticated),
      err.code,
      err.message,
      { details: err.detail || null, hint: err.hint || null },
    );
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) {
    return new DataApiError(
      503,
      DataErrorCode.connection,
      'Database connection error. Retrying the connection.',
    );
  }
  return undefined;
}

export function internalError(): DataApiError {
  return new DataApiError(500, DataErrorCode.internal, 'Internal server error');
}

export function queryError(message: string, details: string | null = null): DataApiError {
  return new DataApiError(400, DataErrorCode.queryParse, message, { details });
}

export function unsupportedMethod(method: string, details: string | null = null): DataApiError {
  return new DataApiError(
    405,
    DataErrorCode.unsupportedMethod,
    `Unsupported HTTP method: ${method}`,
    { details },
  );
}

export function notImplemented(details: string): DataApiError {
  return new DataApiError(400, DataErrorCode.notImplemented, 'Feature not implemented', {
    details,
  });
}

export function invalidBody(message: string, details: string | null = null): DataApiError {
  return new DataApiError(400, DataErrorCode.invalidBody, message, { details });
}
