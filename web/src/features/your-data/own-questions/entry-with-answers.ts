import type { ExportedEntry } from '../../../journal/entry-row.ts';

/**
 * An entry with its answers to the person's own questions
 * (docs/decisions/084): by question id as the database gives and takes
 * them, by question text in a file. Absent when it has none, so an entry of
 * a journal without own questions is what it always was.
 */
export interface EntryWithAnswers extends ExportedEntry {
  answers?: Record<string, string> | undefined;
}

/** The answers, or nothing when there are none. */
export function withAnswers<T extends object>(
  entry: T,
  answers: Record<string, string> | null | undefined,
): T & { answers?: Record<string, string> } {
  return answers && Object.keys(answers).length > 0 ? { ...entry, answers } : entry;
}
