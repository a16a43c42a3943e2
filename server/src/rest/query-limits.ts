import { queryError } from './errors.ts';
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
/** PostgREST's db-max-rows as hosted Supabase sets it: a read returns at most this many rows. */
export const MAX_ROWS = 1000;

function countLeaves(tree: LogicTree, counts: { filters: number; patterns: number }): void {
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
}

/** Refuses a request whose filters would cost more than any real use needs, with a 400 saying which bound. */
export function checkFilterLimits(where: LogicTree[]): void {
  const counts = { filters: 0, patterns: 0 };
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
}

/** The page a read returns, never more than MAX_ROWS rows (PostgREST's db-max-rows caps silently). */
export function capRows(limit: number | null): number {
  return limit === null ? MAX_ROWS : Math.min(limit, MAX_ROWS);
}
