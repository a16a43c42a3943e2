import { DataApiError } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import { capRows } from './query-limits.ts';

/** The rows a read asks for: from `offset`, at most `limit` (null: all the rest, up to MAX_ROWS). */
export interface RowRange {
  offset: number;
  limit: number | null;
}

// PostgREST's Range grammar: "first-[last]" in rows; anything else is ignored.
const RANGE_HEADER = /^(\d{1,15})-(\d{0,15})$/;

function unsatisfiable(details: string): DataApiError {
  return new DataApiError(416, DataErrorCode.invalidRange, 'Requested range not satisfiable', {
    details,
  });
}

/**
 * The intersection of the Range header (honoured on GET only, per RFC 9110)
 * and limit/offset, as PostgREST computes it. limit=0 asks for no rows at all.
 */
export function resolveRange(
  rangeHeader: string | undefined,
  limit: number | null,
  offset: number | null,
): RowRange {
  let lower = 0;
  let upper = Number.POSITIVE_INFINITY;
  const match = rangeHeader === undefined ? null : RANGE_HEADER.exec(rangeHeader.trim());
  if (match) {
    lower = Number(match[1]);
    upper = match[2] === '' ? upper : Number(match[2]);
  }
  const headerEmpty = lower > upper;
  const start = offset ?? 0;
  if (limit === 0 && !headerEmpty) return { offset: start, limit: 0 };
  const limitUpper = limit === null ? Number.POSITIVE_INFINITY : start + limit - 1;
  const from = Math.max(lower, start);
  const to = Math.min(upper, limitUpper);
  if (from > to) {
    throw unsatisfiable(
      headerEmpty
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    );
  }
  return { offset: from, limit: capRows(Number.isFinite(to) ? to - from + 1 : null) };
}

/** `Content-Range: 0-24/57`, `*\/0`, `0-24/*` exactly as PostgREST writes it. */
export function contentRange(lower: number, rows: number, total: number | null): string {
  const upper = lower + rows - 1;
  const span = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${span}/${total ?? '*'}`;
}

/** 206 when the page is part of a counted whole, 416 when it starts past the end. */
export function readStatus(lower: number, rows: number, total: number | null): number {
  if (total === null) return 200;
  if (lower > total) return 416;
  return rows < total ? 206 : 200;
}

export function outOfBounds(lower: number, total: number): DataApiError {
  return unsatisfiable(`An offset of ${lower} was requested, but there are only ${total} rows.`);
}
