import { DataApiError, queryError } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import type { Filter, LogicTree } from './parse-filter.ts';
import type { OrderTerm, SelectItem } from './parse-query.ts';
import type { Payload } from './payload.ts';
import { MAX_ANSWER_BYTES, PATTERN_SUBJECT_LENGTH } from './query-limits.ts';
import type { RowRange } from './range.ts';
import { existingColumn } from './relation-columns.ts';
import type { Media } from './request-headers.ts';
import { EXPOSED_SCHEMA, type Column, type Relation } from './schema-cache.ts';
import type { ConflictResolution } from './upsert.ts';

/**
 * One SQL statement and its parameters. Every statement answers one row:
 * `total` (exact count or NULL), `page_total` and `body`, the JSON text made by
 * PostgreSQL itself so that PGlite and node-postgres give identical bytes.
 */
export interface Statement {
  sql: string;
  params: string[];
  /** Run in a READ ONLY transaction (GET of a function, or a stable one), as PostgREST does. */
  readOnly?: boolean;
}

/** Identifiers reach SQL only from the schema cache, and always quoted. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Every value a client sends becomes a bound text parameter; PostgreSQL does the typing. */
class Params {
  readonly values: string[];

  constructor(initial: string[] = []) {
    this.values = [...initial];
  }

  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const COMPARISON_SQL = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const IS_SQL = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
} as const;

// The name a function's result goes by inside the statement (a CTE, so the
// call runs once even when the count reads it again).
const CALL_ALIAS = '"pgrst_call"';

function relationSql(relation: Relation): string {
  if (relation.call) return CALL_ALIAS;
  return `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(relation.name)}`;
}

/** A column named by a request body or columns=: PostgREST's PGRST204. */
function payloadColumn(relation: Relation, name: string): Column {
  const column = relation.columns.get(name);
  if (!column) {
    throw new DataApiError(
      400,
      DataErrorCode.columnNotFound,
      `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
    );
  }
  return column;
}

/** The columns a payload writes, each once (PostgREST keeps them in a set). */
function uniqueColumns(relation: Relation, names: string[]): Column[] {
  return [...new Set(names)].map((name) => payloadColumn(relation, name));
}

/** PostgreSQL array literal of text elements, every element quoted and escaped. */
function arrayLiteral(values: string[]): string {
  // PostgREST reads `in.()` as the empty list.
  if (values.length === 1 && values[0] === '') return '{}';
  const quoted = values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return `{${quoted.join(',')}}`;
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);

/**
 * What a like/ilike pattern is matched against: a text column's first
 * PATTERN_SUBJECT_LENGTH characters (ADR 025), so that one pattern costs at
 * most that much per row however long the stored text; other types as they
 * are, so that like on a number still fails as in PostgREST.
 */
function patternSubject(ref: string, column: Column): string {
  return TEXT_TYPES.has(column.type) ? `left(${ref}, ${PATTERN_SUBJECT_LENGTH})` : ref;
}

const SEARCH_FUNCTION = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

/**
 * `col @@ to_tsquery([config,] query)`, as PostgREST builds it. A tsvector
 * column is searched as it is (and its index can serve); a text column is
 * made a vector on the fly from its first PATTERN_SUBJECT_LENGTH characters,
 * for the same bound on the cost per row as like (ADR 025). Any other type
 * fails in PostgreSQL, as in PostgREST.
 */
function searchSql(
  ref: string,
  column: Column,
  op: Extract<Filter['operation'], { kind: 'search' }>,
  params: Params,
): string {
  const config = op.config === null ? '' : `${params.add(op.config)}::text::regconfig, `;
  const query = `${SEARCH_FUNCTION[op.operator]}(${config}${params.add(op.value)}::text)`;
  const subject = TEXT_TYPES.has(column.type)
    ? `to_tsvector(${config}${patternSubject(ref, column)})`
    : ref;
  return `${subject} @@ ${query}`;
}

function filterSql(relation: Relation, filter: Filter, params: Params): string {
  const column = existingColumn(relation, filter.column);
  const ref = `${relationSql(relation)}.${quoteIdent(column.name)}`;
  const op = filter.operation;
  let sql: string;
  if (op.kind === 'is') {
    sql = `${ref} IS ${IS_SQL[op.value]}`;
  } else if (op.kind === 'in') {
    // One parameter typed as an array of the column's type, read once when
    // the statement is bound: PostgreSQL then hashes the list, where a cast
    // from text in the statement (a stable function, run per row) made every
    // row compare with every value (ADR 063). A malformed value is still 22P02.
    sql = `${ref} = ANY (${params.add(arrayLiteral(op.values))}::${column.type}[])`;
  } else if (op.kind === 'contain') {
    // The value in the column's own literal form ({a,b} for an array); a
    // malformed one is 22P02, a 400. An array is typed at bind time like an
    // in.() list, so it is read once, not per row; other types (a range,
    // jsonb) keep the cast from text, because the embedded driver rejects
    // some of them as a bound parameter (bytea, in JavaScript: a 500), and
    // the size bound keeps their per-row read small.
    const operator = op.operator === 'cs' ? '@>' : '<@';
    const typed = column.type.endsWith('[]') ? '' : '::text';
    sql = `${ref} ${operator} ${params.add(op.value)}${typed}::${column.type}`;
  } else if (op.kind === 'search') {
    sql = searchSql(ref, column, op, params);
  } else if (op.operator === 'like' || op.operator === 'ilike') {
    // PostgREST lets `*` stand for `%`, which is awkward to put in a URL.
    const pattern = params.add(op.value.replaceAll('*', '%'));
    sql = `${patternSubject(ref, column)} ${op.operator === 'like' ? 'LIKE' : 'ILIKE'} ${pattern}::text`;
  } else {
    // Cast from text to the column's own type: 'abc' against an integer is 22P02, as in PostgREST.
    sql = `${ref} ${COMPARISON_SQL[op.operator]} ${params.add(op.value)}::text::${column.type}`;
  }
  return filter.negate ? `NOT (${sql})` : sql;
}

function treeSql(relation: Relation, tree: LogicTree, params: Params): string {
  if (tree.kind === 'filter') return filterSql(relation, tree.filter, params);
  const joiner = tree.operator === 'and' ? ' AND ' : ' OR ';
  const inner = tree.children.map((child) => treeSql(relation, child, params)).join(joiner);
  return `${tree.negate ? 'NOT ' : ''}(${inner})`;
}

function whereSql(relation: Relation, where: LogicTree[], params: Params): string {
  if (where.length === 0) return '';
  return ` WHERE ${where.map((tree) => `(${treeSql(relation, tree, params)})`).join(' AND ')}`;
}

function orderSql(relation: Relation, order: OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    const ref = `${relationSql(relation)}.${quoteIdent(existingColumn(relation, term.column).name)}`;
    const direction = term.direction ? ` ${term.direction.toUpperCase()}` : '';
    const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
    return `${ref}${direction}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

// PostgreSQL refuses target lists over 1664 entries with a class-54 error,
// which PostgREST turns into a 500; a select that wide is refused up front.
const MAX_SELECT_WIDTH = 1000;

/**
 * Each column once: a column named twice (or named beside *, which holds it)
 * only repeats bytes, and repeating a long text is how one request built an
 * answer of hundreds of megabytes (ADR 086). PostgREST repeats it.
 */
function refuseRepeatedColumns(relation: Relation, select: SelectItem[]): void {
  const seen = new Set<string>();
  for (const item of select) {
    const names =
      item.kind === 'star'
        ? [...relation.columns.keys()]
        : [existingColumn(relation, item.name).name];
    for (const name of names) {
      if (seen.has(name)) {
        throw queryError(
          'Column named more than once in select',
          `'${name}' is named more than once; a select may name each column once, * counting as all of them`,
        );
      }
      seen.add(name);
    }
  }
}

function selectSql(relation: Relation, select: SelectItem[]): string {
  const width = select.reduce((n, i) => n + (i.kind === 'star' ? relation.columns.size : 1), 0);
  if (width > MAX_SELECT_WIDTH) {
    throw queryError(
      'Too many columns in select',
      `A select may name at most ${MAX_SELECT_WIDTH} columns, * counting as all of them`,
    );
  }
  refuseRepeatedColumns(relation, select);
  return select
    .map((item) =>
      item.kind === 'star'
        ? `${relationSql(relation)}.*`
        : `${relationSql(relation)}.${quoteIdent(existingColumn(relation, item.name).name)}`,
    )
    .join(', ');
}

/**
 * The response body as PostgreSQL renders it; NULL when the response has
 * none. Every answer, of a read, a write or a function, passes through
 * data_api.bounded_answer, which refuses one past MAX_ANSWER_BYTES inside the
 * statement (migration auth/0008, ADR 086).
 */
function bodySql(media: Media | null, scalarColumn?: string): string {
  if (!media) return 'NULL::text';
  // A function returning a base type answers its values, not one-key objects.
  const item = scalarColumn === undefined ? '_t' : `_t.${quoteIdent(scalarColumn)}`;
  let text: string;
  if (media.shape === 'object') {
    text = media.stripNulls
      ? `json_strip_nulls(json_agg(${item}) -> 0)::text`
      : `(json_agg(${item}) -> 0)::text`;
  } else {
    const rows = media.stripNulls ? `json_strip_nulls(json_agg(${item}))` : `json_agg(${item})`;
    text = `coalesce(${rows}, '[]')::text`;
  }
  return `data_api.bounded_answer(${text}, ${MAX_ANSWER_BYTES})`;
}

export interface ReadPlan {
  select: SelectItem[];
  where: LogicTree[];
  order: OrderTerm[];
  range: RowRange;
  count: boolean;
  /** null for HEAD: no body is computed. */
  media: Media | null;
}

export function buildRead(relation: Relation, plan: ReadPlan): Statement {
  const params = new Params(relation.call?.params);
  const from = relationSql(relation);
  const withCall = relation.call ? `WITH ${CALL_ALIAS} AS (${relation.call.sql}) ` : '';
  const where = whereSql(relation, plan.where, params);
  const order = orderSql(relation, plan.order);
  const limit =
    plan.range.limit === null ? '' : ` LIMIT ${params.add(String(plan.range.limit))}::text::bigint`;
  const offset =
    plan.range.offset === 0 ? '' : ` OFFSET ${params.add(String(plan.range.offset))}::text::bigint`;
  const total = plan.count ? `(SELECT count(*) FROM ${from}${where})` : 'NULL::bigint';
  const page = `SELECT ${selectSql(relation, plan.select)} FROM ${from}${where}${order}${limit}${offset}`;
  return {
    sql: `${withCall}SELECT ${total} AS total, count(*) AS page_total, ${bodySql(plan.media, relation.call?.scalarColumn)} AS body FROM (${page}) _t`,
    params: params.values,
    readOnly: relation.call?.readOnly ?? false,
  };
}

/** What a mutation hands back: the selected columns (return=representation), or nothing. */
export interface MutationOutput {
  /** null: RETURNING 1, so no SELECT privilege or policy is needed for the rows. */
  returning: SelectItem[] | null;
  media: Media | null;
}

function wrapMutation(relation: Relation, mutation: string, output: MutationOutput): string {
  const returning = output.returning ? selectSql(relation, output.returning) : '1';
  return (
    `WITH _src AS (${mutation} RETURNING ${returning}) ` +
    `SELECT NULL::bigint AS total, count(*) AS page_total, ${bodySql(output.media)} AS body ` +
    `FROM (SELECT * FROM _src) _t`
  );
}

/**
 * The rows of a payload, typed by the target columns. With missing=default, a
 * key absent from a row takes the column default, as PostgREST does by merging
 * the defaults (SQL from the catalogue) under each row.
 */
function recordsSql(columns: Column[], json: string, applyDefaults: boolean, params: Params) {
  const typed = columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ');
  const withDefaults = applyDefaults ? columns.filter((c) => c.defaultSql !== null) : [];
  if (withDefaults.length === 0) return `json_to_recordset(${json}::text::json) AS _b(${typed})`;
  const defaults = withDefaults.map((c) => `${params.add(c.name)}::text, ${c.defaultSql}`);
  return (
    `jsonb_to_recordset((SELECT jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || _e) ` +
    `FROM jsonb_array_elements(${json}::text::jsonb) _e)) AS _b(${typed})`
  );
}

/**
 * An upsert's ON CONFLICT clause. DO NOTHING skips a row that conflicts, so
 * RETURNING (return=representation) leaves it out, as PostgREST does. DO
 * UPDATE writes the payload's columns; a payload without any has nothing to
 * merge, so its conflicting rows are skipped too.
 */
function onConflictSql(conflict: ConflictResolution | null, written: Column[]): string {
  if (!conflict) return '';
  const target = conflict.columns.map((c) => quoteIdent(c.name)).join(', ');
  if (conflict.resolution === 'ignore-duplicates' || written.length === 0) {
    return ` ON CONFLICT (${target}) DO NOTHING`;
  }
  const set = written
    .map((c) => `${quoteIdent(c.name)} = EXCLUDED.${quoteIdent(c.name)}`)
    .join(', ');
  return ` ON CONFLICT (${target}) DO UPDATE SET ${set}`;
}

/** All rows in ONE INSERT, so they share the transaction's now() and land all or none. */
export function buildInsert(
  relation: Relation,
  payload: Payload,
  applyDefaults: boolean,
  output: MutationOutput,
  conflict: ConflictResolution | null = null,
): Statement {
  const params = new Params();
  const columns = uniqueColumns(relation, payload.columns);
  const json = params.add(payload.json);
  let insert: string;
  if (columns.length === 0) {
    insert = `INSERT INTO ${relationSql(relation)} SELECT FROM json_array_elements(${json}::text::json)`;
  } else {
    const names = columns.map((c) => quoteIdent(c.name)).join(', ');
    const records = recordsSql(columns, json, applyDefaults, params);
    insert = `INSERT INTO ${relationSql(relation)} (${names}) SELECT ${names} FROM ${records}`;
  }
  insert += onConflictSql(conflict, columns);
  return { sql: wrapMutation(relation, insert, output), params: params.values };
}

/** null when the body names no column: there is nothing to update (PostgREST answers with no rows). */
export function buildUpdate(
  relation: Relation,
  payload: Payload,
  applyDefaults: boolean,
  where: LogicTree[],
  output: MutationOutput,
): Statement | null {
  const columns = uniqueColumns(relation, payload.columns);
  if (columns.length === 0) return null;
  const params = new Params();
  const records = recordsSql(columns, params.add(payload.json), applyDefaults, params);
  const set = columns.map((c) => `${quoteIdent(c.name)} = _b.${quoteIdent(c.name)}`).join(', ');
  const update =
    `UPDATE ${relationSql(relation)} SET ${set} ` +
    `FROM (SELECT * FROM ${records} LIMIT 1) _b${whereSql(relation, where, params)}`;
  return { sql: wrapMutation(relation, update, output), params: params.values };
}

export function buildDelete(
  relation: Relation,
  where: LogicTree[],
  output: MutationOutput,
): Statement {
  const params = new Params();
  const remove = `DELETE FROM ${relationSql(relation)}${whereSql(relation, where, params)}`;
  return { sql: wrapMutation(relation, remove, output), params: params.values };
}
