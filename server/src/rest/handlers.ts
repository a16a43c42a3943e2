import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../db/database.ts';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  type MutationOutput,
} from './build-sql.ts';
import { DataApiError, notImplemented, unsupportedMethod } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import { execute, type ExecutionResult } from './execute.ts';
import type { ParsedQuery } from './parse-query.ts';
import { parsePayload } from './payload.ts';
import { contentRange, outOfBounds, readStatus, resolveRange } from './range.ts';
import type { RequestAuth } from './request-auth.ts';
import {
  appliedPreferences,
  mediaContentType,
  negotiateMedia,
  parsePreferences,
  type Media,
  type Preferences,
} from './request-headers.ts';
import type { Relation } from './schema-cache.ts';
import { conflictResolution } from './upsert.ts';

export type DataMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export interface DataRequest {
  method: DataMethod;
  relation: Relation;
  query: ParsedQuery;
  headers: IncomingHttpHeaders;
  body: unknown;
  auth: RequestAuth;
  db: Database;
}

export interface DataResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function singularity(rows: number): DataApiError {
  return new DataApiError(
    406,
    DataErrorCode.notSingular,
    'JSON object requested, multiple (or no) rows returned',
    {
      details: `The result contains ${rows} rows`,
    },
  );
}

/**
 * With Accept: application/vnd.pgrst.object+json anything but exactly one row
 * is a 406 (and a rollback). Without it there is nothing to check, and the
 * request's transaction commits in the same round trip (see execute.ts).
 */
function requireSingle(media: Media) {
  if (media.shape !== 'object') return undefined;
  return (result: ExecutionResult) => {
    if (result.pageTotal !== 1) throw singularity(result.pageTotal);
  };
}

function withOptional(headers: Record<string, string>, name: string, value: string | undefined) {
  return value === undefined ? headers : { ...headers, [name]: value };
}

export async function handleRead(req: DataRequest): Promise<DataResponse> {
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMedia(header(req.headers, 'accept'));
  const rangeHeader = req.method === 'GET' ? header(req.headers, 'range') : undefined;
  const range = resolveRange(rangeHeader, req.query.limit, req.query.offset);
  const head = req.method === 'HEAD';
  const statement = buildRead(req.relation, {
    select: req.query.select,
    where: req.query.where,
    order: req.query.order,
    range,
    // planned and estimated are answered with the exact count: exact is always right.
    count: prefs.count !== null,
    media: head ? null : media,
  });
  const result = await execute(req.db, req.auth, statement, requireSingle(media));
  const status = readStatus(range.offset, result.pageTotal, result.total);
  const headers = withOptional(
    { 'Content-Range': contentRange(range.offset, result.pageTotal, result.total) },
    'Preference-Applied',
    appliedPreferences(prefs, false),
  );
  if (status === 416) {
    const error = outOfBounds(range.offset, result.total ?? 0);
    return {
      status,
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(error.body()),
    };
  }
  return {
    status,
    headers: { ...headers, 'Content-Type': mediaContentType(media) },
    body: head ? '' : (result.body ?? ''),
  };
}

/** What the statement returns, from Prefer: return=… (PostgREST's default is minimal). */
function mutationOutput(req: DataRequest, prefs: Preferences, media: Media): MutationOutput {
  if (prefs.return === 'representation') return { returning: req.query.select, media };
  const pk = req.relation.primaryKey;
  if (prefs.return === 'headers-only' && req.method === 'POST' && pk.length > 0) {
    const keys = pk.map((name) => ({ kind: 'column' as const, name }));
    return { returning: keys, media: { shape: 'array', stripNulls: false } };
  }
  return { returning: null, media: null };
}

function notAllowed(req: DataRequest, what: string): DataApiError {
  return unsupportedMethod(req.method, `'${req.relation.name}' cannot be ${what}`);
}

/** The Location of the one row a return=headers-only insert made: `/table?pk=eq.value`. */
function location(relation: Relation, result: ExecutionResult): string | undefined {
  if (result.pageTotal !== 1 || !result.body) return undefined;
  const [row] = JSON.parse(result.body) as Array<Record<string, unknown>>;
  if (!row) return undefined;
  const query = relation.primaryKey
    .map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(row[k]))}`)
    .join('&');
  return `/${encodeURIComponent(relation.name)}?${query}`;
}

function mutationResponse(
  req: DataRequest,
  prefs: Preferences,
  media: Media,
  result: ExecutionResult,
  success: number,
  upserted = false,
): DataResponse {
  const counted = prefs.count !== null ? result.pageTotal : null;
  // PostgREST's ranges for writes: PATCH names the rows it touched, POST and DELETE do not.
  const range =
    req.method === 'PATCH'
      ? contentRange(0, result.pageTotal, counted)
      : contentRange(1, 0, counted);
  let headers = withOptional(
    { 'Content-Range': range },
    'Preference-Applied',
    appliedPreferences(prefs, true, upserted),
  );
  if (prefs.return === 'representation') {
    headers = { ...headers, 'Content-Type': mediaContentType(media) };
    const status = req.method === 'POST' ? 201 : 200;
    return { status, headers, body: result.body ?? '[]' };
  }
  if (prefs.return === 'headers-only' && req.method === 'POST') {
    headers = withOptional(headers, 'Location', location(req.relation, result));
  }
  return { status: success, headers, body: '' };
}

export async function handleInsert(req: DataRequest): Promise<DataResponse> {
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMedia(header(req.headers, 'accept'));
  if (!req.relation.insertable) throw notAllowed(req, 'inserted into');
  const payload = parsePayload(req.body, header(req.headers, 'content-type'), req.query.columns);
  const conflict = conflictResolution(req.relation, req.query.onConflict, prefs);
  const output = mutationOutput(req, prefs, media);
  const statement = buildInsert(
    req.relation,
    payload,
    prefs.missing === 'default',
    output,
    conflict,
  );
  const result = await execute(req.db, req.auth, statement, requireSingle(media));
  return mutationResponse(req, prefs, media, result, 201, conflict !== null);
}

export async function handleUpdate(req: DataRequest): Promise<DataResponse> {
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMedia(header(req.headers, 'accept'));
  if (!req.relation.updatable) throw notAllowed(req, 'updated');
  rejectLimits(req);
  const payload = parsePayload(req.body, header(req.headers, 'content-type'), req.query.columns);
  const output = mutationOutput(req, prefs, media);
  const statement = buildUpdate(
    req.relation,
    payload,
    prefs.missing === 'default',
    req.query.where,
    output,
  );
  const check = requireSingle(media);
  let result: ExecutionResult = { total: null, pageTotal: 0, body: '[]' };
  if (statement) result = await execute(req.db, req.auth, statement, check);
  else check?.(result);
  return mutationResponse(req, prefs, media, result, 204);
}

export async function handleDelete(req: DataRequest): Promise<DataResponse> {
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMedia(header(req.headers, 'accept'));
  if (!req.relation.deletable) throw notAllowed(req, 'deleted from');
  rejectLimits(req);
  const output = mutationOutput(req, prefs, media);
  const statement = buildDelete(req.relation, req.query.where, output);
  const result = await execute(req.db, req.auth, statement, requireSingle(media));
  return mutationResponse(req, prefs, media, result, 204);
}

/**
 * PostgREST dropped limited PATCH/DELETE; ignoring a limit here would touch
 * more rows than the client meant, so it is refused instead.
 */
function rejectLimits(req: DataRequest): void {
  if (req.query.limit !== null || req.query.offset !== null) {
    throw notImplemented(`limit and offset are not supported on ${req.method}`);
  }
}
