import { parseWith, type Cursor } from './cursor.ts';
import { DataApiError, notImplemented } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import { notEmbedded, parseFilter, parseLogic, type LogicTree } from './parse-filter.ts';
import { checkFilterLimits } from './query-limits.ts';

export type SelectItem = { kind: 'star' } | { kind: 'column'; name: string };

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** The query string of one request, checked for syntax; names are resolved later. */
export interface ParsedQuery {
  select: SelectItem[];
  /** Every filter and or=/and= tree; all of them must hold. */
  where: LogicTree[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  columns: string[] | null;
  /** on_conflict=: the columns of the unique index an upsert resolves on (POST only). */
  onConflict: string[] | null;
}

const LOGIC_KEYS = new Set(['and', 'or', 'not.and', 'not.or']);
// Keys PostgREST reads for an embedded resource (`rel.order=…`): we embed nothing.
const EMBEDDABLE_SUFFIXES = ['order', 'limit', 'offset', 'and', 'or'];
const AGGREGATE = /^\.(sum|avg|count|max|min)\(\)/;

function parseSelect(text: string): SelectItem[] {
  if (text.trim() === '') return [];
  return parseWith('select parameter', text, (c) => {
    const items: SelectItem[] = [];
    for (;;) {
      c.skipSpaces();
      if (c.rest().startsWith('...')) throw notImplemented('Spread embedding is not supported');
      if (c.take('*')) items.push({ kind: 'star' });
      else items.push({ kind: 'column', name: c.fieldName() });
      c.skipSpaces();
      if (c.done) return items;
      if (c.take(',')) continue;
      rejectSelectFeature(c, items.at(-1));
      c.fail('"," or end of input');
    }
  });
}

/** Syntax PostgREST accepts in select= but this subset does not: a clear 400, not a parse error. */
function rejectSelectFeature(c: Cursor, last: SelectItem | undefined): void {
  const rest = c.rest();
  if (AGGREGATE.test(rest) || (last?.kind === 'column' && last.name === 'count' && rest === '()')) {
    throw new DataApiError(
      400,
      DataErrorCode.aggregatesDisabled,
      'Use of aggregate functions is not allowed',
    );
  }
  if (rest.startsWith('(') || rest.startsWith('!')) {
    throw notImplemented('Resource embedding is not supported');
  }
  if (rest.startsWith('::')) throw notImplemented('Casts in select are not supported');
  if (rest.startsWith(':')) throw notImplemented('Aliases in select are not supported');
  if (rest.startsWith('->')) throw notImplemented('JSON paths (->, ->>) are not supported');
}

function parseOrder(text: string): OrderTerm[] {
  return parseWith('order', text, (c) => {
    const terms: OrderTerm[] = [];
    for (;;) {
      c.skipSpaces();
      const column = c.fieldName();
      if (c.peek() === '(')
        throw notImplemented('Ordering by an embedded resource is not supported');
      if (c.rest().startsWith('->')) throw notImplemented('JSON paths (->, ->>) are not supported');
      let direction: OrderTerm['direction'] = null;
      let nulls: OrderTerm['nulls'] = null;
      if (c.take('.asc')) direction = 'asc';
      else if (c.take('.desc')) direction = 'desc';
      if (c.take('.nullsfirst')) nulls = 'first';
      else if (c.take('.nullslast')) nulls = 'last';
      if (c.peek() === '.') {
        c.fail(
          direction === null
            ? '"asc", "desc", "nullsfirst" or "nullslast"'
            : '"nullsfirst" or "nullslast"',
          c.pos + 1,
        );
      }
      terms.push({ column, direction, nulls });
      c.skipSpaces();
      if (c.done) return terms;
      c.expect(',', '"," or end of input');
    }
  });
}

function parseColumnList(what: string, text: string): string[] {
  return parseWith(what, text, (c) => {
    const names: string[] = [];
    for (;;) {
      c.skipSpaces();
      names.push(c.fieldName());
      c.skipSpaces();
      if (c.done) return names;
      c.expect(',', '"," or end of input');
    }
  });
}

/**
 * limit and offset as whole numbers. PostgREST silently ignores a value that is
 * not a number; we refuse it, because "limit=1O" returning every row surprises.
 * A negative limit is let through so that the range check answers 416 as PostgREST does.
 */
function parseCount(name: 'limit' | 'offset', text: string): number {
  const trimmed = text.trim();
  const pattern = name === 'limit' ? /^-?\d{1,15}$/ : /^\d{1,15}$/;
  if (!pattern.test(trimmed)) {
    return parseWith(`${name} parameter`, text, (c) => {
      c.skipSpaces();
      if (name === 'limit') c.take('-');
      while (/^\d$/.test(c.peek())) c.pos += 1;
      return c.fail('digit');
    });
  }
  return Number(trimmed);
}

function checkEmbedKey(key: string): void {
  const dot = key.lastIndexOf('.');
  if (dot > 0 && EMBEDDABLE_SUFFIXES.includes(key.slice(dot + 1))) {
    const resource = key.slice(0, key.indexOf('.'));
    if (resource !== 'not') throw notEmbedded(resource);
  }
}

/** Reads the query string the way PostgREST does (`+` is a space; repeated filters all apply). */
export function parseQuery(search: string): ParsedQuery {
  const params = new URLSearchParams(search);
  const query: ParsedQuery = {
    select: [{ kind: 'star' }],
    where: [],
    order: [],
    limit: null,
    offset: null,
    columns: null,
    onConflict: null,
  };
  let selectSeen = false;
  for (const [key, value] of params) {
    switch (key) {
      case 'select':
        // The first select= wins, as PostgREST's lookup does.
        if (!selectSeen) {
          const items = parseSelect(value);
          query.select = items.length > 0 ? items : [{ kind: 'star' }];
          selectSeen = true;
        }
        break;
      case 'order':
        query.order.push(...parseOrder(value));
        break;
      case 'limit':
      case 'offset':
        query[key] = parseCount(key, value);
        break;
      case 'columns':
        query.columns = parseColumnList('columns parameter', value);
        break;
      case 'on_conflict':
        // Read on every method, as PostgREST does; only an insert uses it.
        query.onConflict = parseColumnList('on_conflict parameter', value);
        break;
      case 'apikey':
        // The project key may travel in the URL; it is the gateway's, not a filter.
        break;
      default:
        if (LOGIC_KEYS.has(key)) {
          query.where.push(parseLogic(key as 'and' | 'or' | 'not.and' | 'not.or', value));
        } else {
          checkEmbedKey(key);
          query.where.push({ kind: 'filter', filter: parseFilter(key, value) });
        }
    }
  }
  checkFilterLimits(query.where);
  return query;
}
