import { queryError } from './errors.ts';
import { listOperandSize } from './list-operands.ts';
import type { LogicTree } from './parse-filter.ts';

// Bounds on the work one data request can ask for (ADR 025). Embedded PGlite
// runs one statement at a time on the event loop and cannot cancel it, so a
// statement's cost must be bounded before it starts: each number below keeps
// the costliest accepted request to a fraction of a second over years of a
// person's journal, and none is near what the app or a sensible client sends.

/** Filters in one request, counting every item inside or=()/and=(). */
export const MAX_FILTERS = 50;
/**
 * like/ilike and full-text (fts, plfts, phfts, wfts) filters in one request:
 * matching costs pattern length × text length per row.
 */
export const MAX_PATTERNS = 3;
/**
 * Characters of a text value a like/ilike pattern is matched against. Matching
 * costs pattern length × text length per row, and on the embedded database one
 * statement holds everyone's turn: past this prefix a pattern does not look.
 */
export const PATTERN_SUBJECT_LENGTH = 100;
/**
 * Values in all `in.(…)` lists of one request. PostgreSQL hashes a list of
 * nine or more values once per statement (build-sql.ts passes it as one typed
 * array), so a row costs one lookup; the bound keeps the hash small, and keeps
 * a column whose type cannot hash (compared with every value, row by row) cheap.
 */
export const MAX_LIST_VALUES = 100;
/**
 * Elements of all cs/cd array operands of one request. Containment cannot
 * hash: every row's array is compared with every element, so this bound is
 * the cost per row. An entry has at most 10 tags; twice that is plenty.
 */
export const MAX_ARRAY_ELEMENTS = 20;
/** Characters of all list values and array operands of one request together. */
export const MAX_LIST_CHARACTERS = 4000;
/** PostgREST's db-max-rows as hosted Supabase sets it: a read returns at most this many rows. */
export const MAX_ROWS = 1000;

/**
 * Bytes of JSON in one answer of the data API (a read, a write's
 * representation, a function's result); past it, 400 \`PT400\` (ADR 086).
 * The largest honest answer, a page of 1000 entries read for an export with
 * every text at its longest, is about 3 MB in Latin script and 9 MB in one
 * of three bytes a character; a repeated column can no longer inflate it.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

interface LeafCounts {
  filters: number;
  patterns: number;
  listValues: number;
  arrayElements: number;
  listCharacters: number;
}

function countLeaves(tree: LogicTree, counts: LeafCounts): void {
  if (tree.kind === 'group') {
    for (const child of tree.children) countLeaves(child, counts);
    return;
  }
  counts.filters += 1;
  const { operation } = tree.filter;
  if (
    operation.kind === 'search' ||
    (operation.kind === 'compare' &&
      (operation.operator === 'like' || operation.operator === 'ilike'))
  ) {
    counts.patterns += 1;
  }
  const operand = listOperandSize(operation);
  if (operand) {
    if (operation.kind === 'in') counts.listValues += operand.values;
    else counts.arrayElements += operand.values;
    counts.listCharacters += operand.characters;
  }
}

/** Refuses a request whose filters would cost more than any real use needs, with a 400 saying which bound. */
export function checkFilterLimits(where: LogicTree[]): void {
  const counts = { filters: 0, patterns: 0, listValues: 0, arrayElements: 0, listCharacters: 0 };
  for (const tree of where) countLeaves(tree, counts);
  if (counts.filters > MAX_FILTERS) {
    throw queryError(
      'Too many filters',
      `A request may apply at most ${MAX_FILTERS} filters (counting those inside or/and); it applied ${counts.filters}`,
    );
  }
  if (counts.patterns > MAX_PATTERNS) {
    throw queryError(
      'Too many pattern filters',
      `A request may apply at most ${MAX_PATTERNS} like/ilike or full-text filters; it applied ${counts.patterns}`,
    );
  }
  if (counts.listValues > MAX_LIST_VALUES) {
    throw queryError(
      'Too many list values',
      `A request may list at most ${MAX_LIST_VALUES} values in its in.() filters; it listed ${counts.listValues}`,
    );
  }
  if (counts.arrayElements > MAX_ARRAY_ELEMENTS) {
    throw queryError(
      'Too many array elements',
      `A request may give at most ${MAX_ARRAY_ELEMENTS} array elements to its cs/cd filters; it gave ${counts.arrayElements}`,
    );
  }
  if (counts.listCharacters > MAX_LIST_CHARACTERS) {
    throw queryError(
      'List values too long',
      `The in.() lists and cs/cd arrays of a request may hold at most ${MAX_LIST_CHARACTERS} characters together; they held ${counts.listCharacters}`,
    );
  }
}

/** The page a read returns, never more than MAX_ROWS rows (PostgREST's db-max-rows caps silently). */
export function capRows(limit: number | null): number {
  return limit === null ? MAX_ROWS : Math.min(limit, MAX_ROWS);
}
