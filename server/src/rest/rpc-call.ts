import { quoteIdent } from './build-sql.ts';
import { DataApiError, invalidBody } from './errors.ts';
import { jsonBodyText, parseJsonBody } from './json-body.ts';
import { DataErrorCode } from './error-codes.ts';
import type { RpcArgument, RpcFunction } from './rpc-catalogue.ts';
import { EXPOSED_SCHEMA, type Relation } from './schema-cache.ts';

/** The arguments of one call: their names, and one JSON object text holding their values. */
export interface RpcArguments {
  keys: string[];
  json: string;
  /** Came from a POST body (a JSON document), not a query string. */
  fromBody: boolean;
}

/**
 * A POST body as arguments: JSON only, and an object (its keys name the
 * arguments). An empty body counts as `{}`, as in PostgREST.
 */
export function bodyArguments(raw: unknown, contentType: string | undefined): RpcArguments {
  const text = jsonBodyText(raw, contentType);
  if (text.trim() === '') return { keys: [], json: '{}', fromBody: true };
  const value = parseJsonBody(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    // PostgREST's answer for a body that cannot name arguments.
    throw invalidBody('Empty or invalid json', 'The body of a function call must be a JSON object');
  }
  return { keys: Object.keys(value), json: text, fromBody: true };
}

/** Query-string arguments (GET/HEAD): every value is text, PostgreSQL reads it as the argument's type. */
export function queryArguments(pairs: Array<[string, string]>): RpcArguments {
  // The last repetition wins, as in PostgREST for a non-variadic argument. A
  // Map, so a key like __proto__ is an argument name like any other.
  const values = new Map(pairs);
  return {
    keys: [...values.keys()],
    json: JSON.stringify(Object.fromEntries(values)),
    fromBody: false,
  };
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/**
 * PostgREST's overload rule: every required argument named, and nothing named
 * that the function does not take (arguments with a default may be left out).
 */
function matches(fn: RpcFunction, keys: Set<string>): boolean {
  if (fn.arguments.length === 0) return keys.size === 0;
  const required = new Set(fn.arguments.filter((a) => !a.optional).map((a) => a.name));
  const optional = new Set(fn.arguments.filter((a) => a.optional).map((a) => a.name));
  const named = new Set([...keys].filter((k) => !optional.has(k)));
  return sameSet(named, required);
}

function takesWholeBody(fn: RpcFunction): boolean {
  const [only] = fn.arguments;
  return (
    fn.arguments.length === 1 &&
    only!.name === '' &&
    (only!.type === 'json' || only!.type === 'jsonb')
  );
}

function signature(fn: RpcFunction): string {
  const args = fn.arguments.map((a) => `${a.name} => ${a.type}`).join(', ');
  return `${EXPOSED_SCHEMA}.${fn.name}(${args})`;
}

function notFound(name: string, keys: string[], fromBody: boolean): DataApiError {
  const fn = `${EXPOSED_SCHEMA}.${name}`;
  const sorted = [...keys].sort();
  const list = sorted.join(', ');
  const inMessage = sorted.length === 0 ? ' without parameters' : `(${list})`;
  const searched =
    (sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${list}`) +
    (fromBody ? ' or with a single unnamed json/jsonb parameter' : '');
  return new DataApiError(
    404,
    DataErrorCode.functionNotFound,
    `Could not find the function ${fn}${inMessage} in the schema cache`,
    {
      details: `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
    },
  );
}

function ambiguous(candidates: RpcFunction[]): DataApiError {
  return new DataApiError(
    300,
    DataErrorCode.ambiguousFunction,
    `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    {
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    },
  );
}

/** The one overload the argument names select, or PostgREST's 404 / 300. */
export function chooseFunction(
  overloads: RpcFunction[] | undefined,
  name: string,
  args: RpcArguments,
): RpcFunction {
  const keys = new Set(args.keys);
  const named = (overloads ?? []).filter((fn) => !takesWholeBody(fn) && matches(fn, keys));
  const whole = args.fromBody ? (overloads ?? []).filter(takesWholeBody) : [];
  const found = named.length > 0 ? named : whole;
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw ambiguous(found);
  throw notFound(name, args.keys, args.fromBody);
}

/**
 * The SELECT that calls the function: the arguments are read from ONE bound
 * JSON object by json_to_record, each as its declared type (so a value that
 * does not fit fails in PostgreSQL with 22P02 and friends), and passed by
 * name, so omitted ones take their defaults.
 */
function callSql(fn: RpcFunction, args: RpcArguments): string {
  const target = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}`;
  const result =
    fn.returns === 'scalar' || fn.returns === 'scalars'
      ? `_r(${quoteIdent(fn.columns[0]!.name)})`
      : '_r';
  if (takesWholeBody(fn)) {
    return `SELECT _r.* FROM ${target}($1::text::${fn.arguments[0]!.type}) AS ${result}`;
  }
  const given = new Set(args.keys);
  const passed: RpcArgument[] = fn.arguments.filter((a) => given.has(a.name));
  if (passed.length === 0) return `SELECT _r.* FROM ${target}() AS ${result}`;
  const record = passed.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ');
  const named = passed.map((a) => `${quoteIdent(a.name)} := _a.${quoteIdent(a.name)}`).join(', ');
  return (
    `SELECT _r.* FROM json_to_record($1::text::json) AS _a(${record}) ` +
    `CROSS JOIN LATERAL ${target}(${named}) AS ${result}`
  );
}

/** The function's result as a relation build-sql can select, filter, order and page. */
export function callRelation(fn: RpcFunction, args: RpcArguments, readOnly: boolean): Relation {
  const usesJson = takesWholeBody(fn) || args.keys.length > 0;
  const scalar = fn.returns === 'scalar' || fn.returns === 'scalars';
  return {
    name: fn.name,
    columns: new Map(fn.columns.map((c) => [c.name, { ...c, defaultSql: null }])),
    primaryKey: [],
    insertable: false,
    updatable: false,
    deletable: false,
    call: {
      sql: callSql(fn, args),
      params: usesJson ? [args.json] : [],
      readOnly,
      ...(scalar ? { scalarColumn: fn.columns[0]!.name } : {}),
    },
  };
}
