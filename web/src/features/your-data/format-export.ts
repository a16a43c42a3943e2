import { csvRecord } from './csv.ts';
import {
  CSV_COLUMNS,
  CSV_TAG_SEPARATOR,
  JSON_EXPORT_VERSION,
  type ExportedAccount,
  type ExportedReminders,
} from './entry.ts';
import { makeCellInert } from './spreadsheet-safe.ts';
import type { EntryWithAnswers } from './own-questions/entry-with-answers.ts';
import { fileQuestionOf } from './own-questions/file-question.ts';
import type { OwnQuestion } from '../../journal/own-questions.ts';
import type { WeeklyReviewRow } from '../../journal/weekly-review-row.ts';

/**
 * The CSV export: a header and one row per entry, CRLF line ends, ending
 * with one. After the entry's columns, one per own question, hidden ones too,
 * headed by its text (docs/decisions/100); a cell is the answer as stored:
 * true or false, a number, 1 to 5, a short text.
 */
export function entriesToCsv(
  entries: readonly EntryWithAnswers[],
  questions: readonly OwnQuestion[] = [],
): string {
  const lines = [csvRecord([...CSV_COLUMNS, ...questions.map((q) => makeCellInert(q.question))])];
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
        ...questions.map((q) => answerCell(q, entry.answers?.[String(q.id)])),
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** A number as stored (a leading minus is a number, not a formula); any other answer made inert. */
function answerCell(question: OwnQuestion, answer: string | undefined): string {
  if (answer === undefined) return '';
  return question.answer_type === 'number' ? answer : makeCellInert(answer);
}

/**
 * The JSON export: the version, the account, the reminder settings (null
 * when none were saved), the entries, each with its own answers by question
 * text, the weekly reviews (docs/decisions/071) and the own questions
 * (docs/decisions/100), one entry, review or question per line so that an
 * import can name the line of a wrong one.
 */
export function entriesToJson(
  account: ExportedAccount,
  entries: readonly EntryWithAnswers[],
  exportedAt: Date = new Date(),
  reminders: ExportedReminders | null = null,
  reviews: readonly WeeklyReviewRow[] = [],
  questions: readonly OwnQuestion[] = [],
): string {
  const head = JSON.stringify({
    version: JSON_EXPORT_VERSION,
    exported_at: exportedAt.toISOString(),
    account,
    reminders,
  });
  const textOf = new Map(questions.map((q) => [String(q.id), q.question]));
  const byText = entries.map((entry) =>
    entry.answers
      ? {
          ...entry,
          answers: Object.fromEntries(
            Object.entries(entry.answers).map(([id, answer]) => [textOf.get(id) ?? id, answer]),
          ),
        }
      : entry,
  );
  return (
    `${head.slice(0, -1)},\n  "entries": ${jsonLines(byText)},\n  "reviews": ${jsonLines(reviews)},\n` +
    `  "questions": ${jsonLines(questions.map(fileQuestionOf))}\n}\n`
  );
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
