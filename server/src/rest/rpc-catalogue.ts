import type { Queryable } from '../db/database.ts';

/** One input argument of a function, as the catalogue names and types it. */
export interface RpcArgument {
  /** '' for an unnamed argument. */
  name: string;
  /** format_type without typmod: what the JSON value is read as. */
  type: string;
  /** Has a DEFAULT, so a call may leave it out. */
  optional: boolean;
}

/**
 * What a call answers, as PostgREST shapes it: `scalar` one JSON value,
 * `row` one object (a composite), `rows` an array of objects, `scalars` an
 * array of values (SETOF a base type).
 */
export type RpcReturn = 'scalar' | 'row' | 'rows' | 'scalars';

export interface RpcFunction {
  name: string;
  arguments: RpcArgument[];
  returns: RpcReturn;
  /** The result's columns for row/rows; a single column named after the function otherwise. */
  columns: Array<{ name: string; type: string }>;
  /** GET may only call these: PostgREST runs GET read-only. */
  readOnly: boolean;
  returnsVoid: boolean;
}

interface CatalogueRow {
  fn: string;
}

interface RawFunction {
  name: string;
  volatility: string;
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  input_count: number;
  default_count: number;
  composite_columns: Array<{ name: string; type: string }> | null;
}

// Plain functions in the exposed schema that anon or authenticated may
// EXECUTE. Left out, as PostgREST leaves them out or cannot call them:
// aggregates, window functions and procedures (prokind), trigger functions,
// variadic ones, and polymorphic or other pseudo-typed arguments, which
// have no type a JSON value could be read as. Every identifier the call
// puts in SQL comes from here. Each row is one JSON text, so both drivers
// hand back the same thing whatever their array parsing.
const FUNCTIONS_SQL = `
SELECT json_build_object(
  'name', p.proname,
  'volatility', p.provolatile,
  'returns_set', p.proretset,
  'return_type', format_type(p.prorettype, NULL),
  'return_kind', CASE WHEN t.typtype = 'c' THEN 'composite'
                      WHEN p.prorettype = 'record'::regtype THEN 'record'
                      WHEN p.prorettype = 'void'::regtype THEN 'void'
                      WHEN t.typtype = 'p' THEN 'pseudo'
                      ELSE 'base' END,
  'arg_names', p.proargnames,
  'arg_modes', p.proargmodes::text[],
  'arg_types', ARRAY(SELECT format_type(u.type, NULL)
                     FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                          WITH ORDINALITY AS u(type, ord)
                     ORDER BY u.ord),
  'input_count', p.pronargs,
  'default_count', p.pronargdefaults,
  'composite_columns', CASE WHEN t.typtype = 'c' THEN (
      SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, NULL))
                      ORDER BY a.attnum)
      FROM pg_attribute a
      WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) END
)::text AS fn
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type t ON t.oid = p.prorettype
WHERE n.nspname = $1
  AND p.prokind = 'f'
  AND p.provariadic = 0
  AND t.typname NOT IN ('trigger', 'event_trigger')
  AND NOT EXISTS (
    SELECT 1 FROM unnest(p.proargtypes::oid[]) AS x(type)
    JOIN pg_type at ON at.oid = x.type
    WHERE at.typtype = 'p'
  )
  AND EXISTS (
    SELECT 1 FROM pg_roles r
    WHERE r.rolname IN ('anon', 'authenticated')
      AND has_function_privilege(r.oid, p.oid, 'EXECUTE')
  )
ORDER BY p.proname, p.oid`;

const INPUT_MODES = new Set(['i', 'b']);
const OUTPUT_MODES = new Set(['o', 'b', 't']);

/** A catalogue row as the call needs it; undefined when it cannot be called over HTTP. */
function describe(raw: RawFunction): RpcFunction | undefined {
  const modes = raw.arg_modes ?? raw.arg_types.map(() => 'i');
  const names = raw.arg_names ?? [];
  const all = raw.arg_types.map((type, i) => ({ type, name: names[i] ?? '', mode: modes[i] }));
  const inputs = all.filter((a) => INPUT_MODES.has(a.mode ?? ''));
  const outputs = all.filter((a) => OUTPUT_MODES.has(a.mode ?? ''));
  const firstOptional = raw.input_count - raw.default_count;
  const args = inputs.map((a, i) => ({ name: a.name, type: a.type, optional: i >= firstOptional }));
  // An unnamed argument cannot be passed by name; the one exception is a
  // single json/jsonb argument, which takes the whole POST body.
  const wholeBody = args.length === 1 && (args[0]!.type === 'json' || args[0]!.type === 'jsonb');
  if (args.some((a) => a.name === '') && !wholeBody) return undefined;
  let returns: RpcReturn;
  let columns: Array<{ name: string; type: string }>;
  if (raw.return_kind === 'composite' && raw.composite_columns) {
    returns = raw.returns_set ? 'rows' : 'row';
    columns = raw.composite_columns;
  } else if (raw.return_kind === 'record') {
    // RETURNS TABLE or OUT arguments; a bare `RETURNS record` has no columns to read.
    if (outputs.length === 0) return undefined;
    returns = raw.returns_set ? 'rows' : 'row';
    columns = outputs.map((o) => ({ name: o.name, type: o.type }));
  } else if (raw.return_kind === 'base' || raw.return_kind === 'void') {
    returns = raw.returns_set ? 'scalars' : 'scalar';
    columns = [{ name: raw.name, type: raw.return_type }];
  } else {
    return undefined;
  }
  return {
    name: raw.name,
    arguments: args,
    returns,
    columns,
    readOnly: raw.volatility !== 'v',
    returnsVoid: raw.return_kind === 'void',
  };
}

/** Every callable function of the exposed schema, by name (overloads share one). */
export async function loadFunctions(
  db: Queryable,
  schema: string,
): Promise<Map<string, RpcFunction[]>> {
  const { rows } = await db.query<CatalogueRow>(FUNCTIONS_SQL, [schema]);
  const functions = new Map<string, RpcFunction[]>();
  for (const row of rows) {
    const fn = describe(JSON.parse(row.fn) as RawFunction);
    if (!fn) continue;
    const overloads = functions.get(fn.name) ?? [];
    overloads.push(fn);
    functions.set(fn.name, overloads);
  }
  return functions;
}
