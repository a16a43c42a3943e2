import { ParseFailure, parseWith, type Cursor } from './cursor.ts';
import { DataApiError, notImplemented, queryError } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';

export type CompareOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';
/** Array (and range) containment: `cs` contains, `cd` is contained in. */
export type ContainOperator = 'cs' | 'cd';
/** Full-text search, by the function that reads the query: to_tsquery, plainto_, phraseto_, websearch_. */
export type SearchOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Operation =
  | { kind: 'compare'; operator: CompareOperator; value: string }
  | { kind: 'is'; value: IsValue }
  | { kind: 'in'; values: string[] }
  | { kind: 'contain'; operator: ContainOperator; value: string }
  | { kind: 'search'; operator: SearchOperator; config: string | null; value: string };

export interface Filter {
  column: string;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'group'; negate: boolean; operator: 'and' | 'or'; children: LogicTree[] };

// No real query nests or=/and= this deep; refusing deeper trees keeps a
// crafted URL from exhausting PostgreSQL's stack (which would be a 500).
export const MAX_LOGIC_DEPTH = 16;

const COMPARE_OPERATORS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike']);
// Matching costs about pattern length × text length per row, and PGlite runs
// it on the event loop where no statement timeout can stop it: a long
// pattern against long answers would stall every other request.
export const MAX_PATTERN_LENGTH = 100;
// A search query is words a person typed; its cost grows with its terms.
export const MAX_SEARCH_LENGTH = 200;
const CONTAIN_OPERATORS = new Set<string>(['cs', 'cd']);
const SEARCH_OPERATORS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
// PostgREST operators this subset does not offer: said plainly, not "unknown".
const UNSUPPORTED_OPERATORS = new Set([
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'match',
  'imatch',
  'isdistinct',
]);
const IS_VALUES: IsValue[] = ['not_null', 'null', 'true', 'false', 'unknown'];
const OPERATOR_EXPECTING = 'operator (eq, gt, ...)';

type ValueGrammar = (cursor: Cursor) => string;

/** `[not.]op.value`; the value grammar differs between a filter parameter and an or=() item. */
function operation(c: Cursor, value: ValueGrammar): { negate: boolean; operation: Operation } {
  const negate = c.take('not.');
  const start = c.pos;
  let name = '';
  while (/^[a-z]$/.test(c.peek())) name += c.text[c.pos++];
  if (name === 'in' && c.take('.')) return { negate, operation: { kind: 'in', values: list(c) } };
  if (name === 'is' && c.take('.')) return { negate, operation: { kind: 'is', value: isValue(c) } };
  if (COMPARE_OPERATORS.has(name)) {
    if (c.rest().startsWith('(any)') || c.rest().startsWith('(all)')) {
      throw notImplemented(`The quantifier in '${name}${c.rest().slice(0, 5)}' is not supported`);
    }
    if (c.take('.')) {
      const operator = name as CompareOperator;
      const operand = value(c);
      if ((operator === 'like' || operator === 'ilike') && operand.length > MAX_PATTERN_LENGTH) {
        throw queryError(
          `A ${operator} pattern may be at most ${MAX_PATTERN_LENGTH} characters long`,
        );
      }
      return { negate, operation: { kind: 'compare', operator, value: operand } };
    }
  }
  if (CONTAIN_OPERATORS.has(name) && c.take('.')) {
    return {
      negate,
      operation: { kind: 'contain', operator: name as ContainOperator, value: value(c) },
    };
  }
  if (SEARCH_OPERATORS.has(name)) {
    const config = searchConfig(c);
    if (c.take('.')) {
      const query = value(c);
      if (query.length > MAX_SEARCH_LENGTH) {
        throw queryError(`A ${name} query may be at most ${MAX_SEARCH_LENGTH} characters long`);
      }
      const operator = name as SearchOperator;
      return { negate, operation: { kind: 'search', operator, config, value: query } };
    }
  }
  if (UNSUPPORTED_OPERATORS.has(name)) {
    throw notImplemented(`The '${name}' operator is not supported`);
  }
  if (
    COMPARE_OPERATORS.has(name) ||
    CONTAIN_OPERATORS.has(name) ||
    SEARCH_OPERATORS.has(name) ||
    name === 'in' ||
    name === 'is'
  ) {
    c.fail('delimiter (.)');
  }
  c.fail(negate ? OPERATOR_EXPECTING : `"not" or ${OPERATOR_EXPECTING}`, start);
}

/** `fts(english).…`: the optional text search configuration, a plain name as in PostgREST. */
function searchConfig(c: Cursor): string | null {
  if (!c.take('(')) return null;
  const start = c.pos;
  while (/^[A-Za-z0-9_]$/.test(c.peek())) c.pos += 1;
  const config = c.text.slice(start, c.pos);
  if (config === '') c.fail('text search configuration name');
  c.expect(')', '")"');
  return config;
}

function isValue(c: Cursor): IsValue {
  const rest = c.rest().toLowerCase();
  for (const candidate of IS_VALUES) {
    if (rest.startsWith(candidate)) {
      c.pos += candidate.length;
      return candidate;
    }
  }
  c.fail('isVal: (null, not_null, true, false, unknown)');
}

/** `(a,"b,c",d)`: the list of an `in` filter. */
function list(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    values.push(listElement(c));
    if (!c.take(',')) break;
  }
  c.skipSpaces();
  c.expect(')', '"," or ")"');
  c.skipSpaces();
  return values;
}

function listElement(c: Cursor): string {
  const quoted = tryQuoted(c);
  if (quoted !== undefined) return quoted;
  return until(c, ',)');
}

/** A "quoted" value counts only when a delimiter follows it, as in PostgREST. */
function tryQuoted(c: Cursor): string | undefined {
  if (c.peek() !== '"') return undefined;
  const start = c.pos;
  try {
    const value = c.quoted();
    if (c.done || c.peek() === ',' || c.peek() === ')') return value;
  } catch (err) {
    if (!(err instanceof ParseFailure)) throw err;
  }
  c.pos = start;
  return undefined;
}

function until(c: Cursor, stops: string): string {
  const start = c.pos;
  while (!c.done && !stops.includes(c.peek())) c.pos += c.peek().length;
  return c.text.slice(start, c.pos);
}

/** Inside or=(): a quoted value, a {pg,array}, or text up to the next , or ). */
function logicValue(c: Cursor): string {
  const quoted = tryQuoted(c);
  if (quoted !== undefined) return quoted;
  if (c.peek() === '{') {
    const start = c.pos;
    const close = c.text.indexOf('}', start);
    const nested = c.text.indexOf('{', start + 1);
    if (close !== -1 && (nested === -1 || nested > close)) {
      c.pos = close + 1;
      return c.text.slice(start, c.pos);
    }
  }
  return until(c, ',)');
}

function logicTree(c: Cursor, depth: number): LogicTree {
  if (depth > MAX_LOGIC_DEPTH) {
    throw queryError(
      'Logic tree is nested too deeply',
      `or=()/and=() may nest at most ${MAX_LOGIC_DEPTH} levels`,
    );
  }
  c.skipSpaces();
  const start = c.pos;
  const asFilter = attempt(() => logicFilter(c));
  if (!(asFilter instanceof ParseFailure)) return asFilter;
  // Not a filter: then a group. Report whichever attempt got further, as Parsec does.
  c.pos = start;
  const asGroup = attempt(() => logicGroup(c, depth));
  if (!(asGroup instanceof ParseFailure)) return asGroup;
  throw asGroup.pos < asFilter.pos ? asFilter : asGroup;
}

function attempt<T>(grammar: () => T): T | ParseFailure {
  try {
    return grammar();
  } catch (err) {
    if (err instanceof ParseFailure) return err;
    throw err;
  }
}

function logicFilter(c: Cursor): LogicTree {
  const column = c.fieldName();
  c.skipSpaces();
  c.expect('.', 'delimiter (.)');
  const parsed = operation(c, logicValue);
  c.skipSpaces();
  return { kind: 'filter', filter: { column, ...parsed } };
}

function logicGroup(c: Cursor, depth: number): LogicTree {
  const negate = c.take('not.');
  let operator: 'and' | 'or';
  if (c.take('and')) operator = 'and';
  else if (c.take('or')) operator = 'or';
  else c.fail('logic operator (and, or)');
  c.skipSpaces();
  c.expect('(');
  const children: LogicTree[] = [];
  for (;;) {
    children.push(logicTree(c, depth + 1));
    c.skipSpaces();
    if (!c.take(',')) break;
  }
  c.expect(')', '"," or ")"');
  c.skipSpaces();
  return { kind: 'group', negate, operator, children };
}

/** `?col=[not.]op.value`. */
export function parseFilter(key: string, value: string): Filter {
  const column = parseColumnKey(key);
  return parseWith('filter', value, (c) => {
    const parsed = operation(c, (rest) => {
      const text = rest.rest();
      rest.pos = rest.text.length;
      return text;
    });
    if (!c.done) c.fail('end of input');
    return { column, ...parsed };
  });
}

/** `?or=(a.eq.1,b.gt.2)`, `?and=(…)`, `?not.or=(…)`: PostgREST parses the key and value as one tree. */
export function parseLogic(key: 'and' | 'or' | 'not.and' | 'not.or', value: string): LogicTree {
  const text = key + value;
  try {
    return parseWith('logic tree', text, (c) => {
      const tree = logicTree(c, 0);
      if (!c.done) c.fail('end of input');
      return tree;
    });
  } catch (err) {
    // Show the client its own value, not our concatenation (the column still counts the key).
    if (
      err instanceof DataApiError &&
      err.code === DataErrorCode.queryParse &&
      err.message.startsWith('"failed')
    ) {
      throw new DataApiError(
        400,
        DataErrorCode.queryParse,
        err.message.replace(`(${text})`, `(${value})`),
        { details: err.details },
      );
    }
    throw err;
  }
}

/** A filter's key: a column name; `rel.col` would filter an embedded resource. */
export function parseColumnKey(key: string): string {
  return parseWith('tree path', key, (c) => {
    c.skipSpaces();
    const name = c.fieldName();
    c.skipSpaces();
    if (c.peek() === '.') throw notEmbedded(name);
    if (c.rest().startsWith('->')) throw notImplemented('JSON paths (->, ->>) are not supported');
    if (!c.done) c.fail('delimiter (.) or end of input');
    return name;
  });
}

export function notEmbedded(resource: string): DataApiError {
  return new DataApiError(
    400,
    DataErrorCode.notEmbedded,
    `'${resource}' is not an embedded resource in this request`,
    { hint: `Verify that '${resource}' is included in the 'select' query parameter.` },
  );
}
