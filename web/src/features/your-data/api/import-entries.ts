import type { SupabaseClient } from '@supabase/supabase-js';
import { activityRowOf, type ActivityRow } from '../../../journal/entry-row.ts';
import { withAnswers, type EntryWithAnswers } from '../own-questions/entry-with-answers.ts';

/** An entry as import_entries takes it: its answers to own questions by question id. */
type ImportRow = ActivityRow & { answers?: Record<string, string> };

/** Entries per call, and a size well under the server's body limit (1 MiB). */
export const IMPORT_BATCH_SIZE = 500;
const IMPORT_BATCH_BYTES = 512 * 1024;

export interface ImportSummary {
  /** New entries written. */
  added: number;
  /** Already there with the same time and activity (or twice in the file). */
  skipped: number;
  /** Another activity already holds that time; left as it was. */
  conflicts: number;
}

/**
 * Splits the entries into calls small enough for one request each. An
 * entry's `answers` are by question id here (docs/decisions/084): the
 * questions exist before the entries are sent.
 */
export function importBatches(entries: readonly EntryWithAnswers[]): ImportRow[][] {
  const batches: ImportRow[][] = [];
  let batch: ImportRow[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const payload: ImportRow = withAnswers(activityRowOf(entry), entry.answers);
    const size = JSON.stringify(payload).length * 3; // worst case UTF-8
    if (
      batch.length > 0 &&
      (batch.length >= IMPORT_BATCH_SIZE || bytes + size > IMPORT_BATCH_BYTES)
    ) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(payload);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Imports the entries batch by batch through the import_entries function
 * (docs/decisions/021). Each batch lands whole or not at all, so when a call
 * fails, what was imported before it stays complete and importing the same
 * file again adds only the rest.
 */
export async function importEntries(
  supabase: SupabaseClient,
  entries: readonly EntryWithAnswers[],
  onProgress: (done: number, total: number) => void,
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, skipped: 0, conflicts: 0 };
  let done = 0;
  onProgress(0, entries.length);
  for (const batch of importBatches(entries)) {
    const { data, error } = await supabase.rpc('import_entries', { entries: batch });
    if (error) throw new ImportInterrupted(error.message, summary, done);
    const counts = data as ImportSummary;
    summary.added += counts.added;
    summary.skipped += counts.skipped;
    summary.conflicts += counts.conflicts;
    done += batch.length;
    onProgress(done, entries.length);
  }
  return summary;
}

/** A failed batch: how far the import had come, all of which is saved. */
export class ImportInterrupted extends Error {
  readonly summary: ImportSummary;
  readonly done: number;
  constructor(message: string, summary: ImportSummary, done: number) {
    super(message);
    this.summary = summary;
    this.done = done;
  }
}
