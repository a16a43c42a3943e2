// A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before
// one) as a formula. Such cells get a leading apostrophe, which spreadsheets
// show as text. A cell that already starts with apostrophes before one of
// those characters gets one more, so that removing one on import always gives
// back exactly what was exported.
const NEEDS_PREFIX = /^'*[=+\-@\t\r]/;
const HAS_PREFIX = /^'+[=+\-@\t\r]/;

export function makeCellInert(cell: string): string {
  return NEEDS_PREFIX.test(cell) ? `'${cell}` : cell;
}

export function undoInertPrefix(cell: string): string {
  return HAS_PREFIX.test(cell) ? cell.slice(1) : cell;
}
