import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../db/database.ts';
import { buildRead } from './build-sql.ts';
import { unsupportedMethod } from './errors.ts';
import { execute } from './execute.ts';
import { handleRead, type DataResponse } from './handlers.ts';
import { parseFilter } from './parse-filter.ts';
import { parseQuery, type ParsedQuery } from './parse-query.ts';
import { contentRange } from './range.ts';
import type { RequestAuth } from './request-auth.ts';
import {
  appliedPreferences,
  mediaContentType,
  negotiateMedia,
  parsePreferences,
} from './request-headers.ts';
import {
  bodyArguments,
  callRelation,
  chooseFunction,
  queryArguments,
  type RpcArguments,
} from './rpc-call.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface RpcRequest {
  method: string;
  name: string;
  search: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  auth: RequestAuth;
  db: Database;
  cache: SchemaCache;
}

// Query keys that shape the result rather than name an argument.
const RESERVED_KEYS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'apikey',
  'and',
  'or',
  'not.and',
  'not.or',
]);

function isFilter(key: string, value: string): boolean {
  try {
    parseFilter(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET/HEAD: a query parameter is an argument unless it is reserved or reads
 * as a filter (`op.value`); the rest is parsed as for a table read.
 */
function splitQuery(search: string): { args: RpcArguments; query: ParsedQuery } {
  const rest = new URLSearchParams();
  const args: Array<[string, string]> = [];
  for (const [key, value] of new URLSearchParams(search)) {
    const shaping = RESERVED_KEYS.has(key) || key.includes('.') || isFilter(key, value);
    if (shaping) rest.append(key, value);
    else args.push([key, value]);
  }
  return { args: queryArguments(args), query: parseQuery(rest.toString()) };
}

function withApplied(headers: Record<string, string>, applied: string | undefined) {
  return applied ? { ...headers, 'Preference-Applied': applied } : headers;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `/rpc/<fn>` as PostgREST answers it. A set-returning function reads like a
 * table (select, filters, order, paging, count, singular media); one
 * returning a single row or value answers that object or value. GET and HEAD,
 * and any call of a stable or immutable function, run read-only.
 */
export async function handleRpc(req: RpcRequest): Promise<DataResponse> {
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (!read && req.method !== 'POST') throw unsupportedMethod(req.method);
  const { args, query } = read
    ? splitQuery(req.search)
    : {
        args: bodyArguments(req.body, header(req.headers, 'content-type')),
        query: parseQuery(req.search),
      };
  const fn = chooseFunction(req.cache.functions.get(req.name), req.name, args);
  const relation = callRelation(fn, args, read || fn.readOnly);
  if (fn.returns === 'rows' || fn.returns === 'scalars') {
    // PostgREST does not apply Prefer: return to a call; the result is always sent.
    return handleRead({
      // Range is a GET header; a POST call pages with limit/offset only.
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      relation,
      query,
      headers: read ? req.headers : { ...req.headers, range: undefined },
      body: undefined,
      auth: req.auth,
      db: req.db,
    });
  }
  const prefs = parsePreferences(req.headers.prefer);
  const media = negotiateMedia(header(req.headers, 'accept'));
  const statement = buildRead(relation, {
    select: query.select,
    where: query.where,
    order: [],
    range: { offset: 0, limit: null },
    count: prefs.count !== null,
    media: req.method === 'HEAD' ? null : { shape: 'object', stripNulls: media.stripNulls },
  });
  const result = await execute(req.db, req.auth, statement);
  const applied = appliedPreferences(prefs, false);
  const range = { 'Content-Range': contentRange(0, result.pageTotal, result.total) };
  if (fn.returnsVoid) {
    // PostgREST answers a void function with 204 and no body (supabase-js: data null).
    return { status: 204, headers: withApplied(range, applied), body: '' };
  }
  return {
    status: 200,
    headers: withApplied({ ...range, 'Content-Type': mediaContentType(media) }, applied),
    body: req.method === 'HEAD' ? '' : (result.body ?? 'null'),
  };
}
