import { csvRecord } from './csv.ts';
import {
  CSV_COLUMNS,
  CSV_TAG_SEPARATOR,
  JSON_EXPORT_VERSION,
  type ExportedAccount,
  type ExportedReminders,
} from './entry.ts';
import type { ExportedEntry } from '../../journal/entry-row.ts';
import { makeCellInert } from './spreadsheet-safe.ts';
import type { WeeklyReviewRow } from '../../journal/weekly-review-row.ts';

/** The CSV export: a header and one row per entry, CRLF line ends, ending with one. */
export function entriesToCsv(entries: readonly ExportedEntry[]): string {
  const lines = [csvRecord([...CSV_COLUMNS])];
  for (const entry of entries) {
    lines.push(
      csvRecord([
        entry.date,
        makeCellInert(entry.activity),
        String(entry.energy),
        String(entry.engagement),
        String(entry.flow_state),
        makeCellInert(entry.notes ?? ''),
        makeCellInert(entry.tags.join(CSV_TAG_SEPARATOR)),
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * The JSON export: the version, the account, the reminder settings (null
 * when none were saved), the entries and the weekly reviews (docs/decisions/071),
 * one entry or review per line so that an import can name the line of a
 * wrong one.
 */
export function entriesToJson(
  account: ExportedAccount,
  entries: readonly ExportedEntry[],
  exportedAt: Date = new Date(),
  reminders: ExportedReminders | null = null,
  reviews: readonly WeeklyReviewRow[] = [],
): string {
  const head = JSON.stringify({
    version: JSON_EXPORT_VERSION,
    exported_at: exportedAt.toISOString(),
    account,
    reminders,
  });
  return `${head.slice(0, -1)},\n  "entries": ${jsonLines(entries)},\n  "reviews": ${jsonLines(reviews)}\n}\n`;
}

/** A list with one item a line. */
function jsonLines(items: readonly unknown[]): string {
  const body = items.map((item) => '    ' + JSON.stringify(item)).join(',\n');
  return `[\n${body}${body ? '\n' : ''}  ]`;
}

/** A file name that sorts by day: energy-tracker-2025-03-01.csv */
export function exportFileName(extension: 'csv' | 'json', now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
  return `energy-tracker-${day}.${extension}`;
}
