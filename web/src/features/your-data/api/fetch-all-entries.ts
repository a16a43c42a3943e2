import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ACTIVITY_ROW_COLUMNS,
  exportedEntryOf,
  type ActivityRow,
} from '../../../journal/entry-row.ts';
import { dataOf } from '../../../session/data-answer.ts';
import { withAnswers, type EntryWithAnswers } from '../own-questions/entry-with-answers.ts';

/** Rows per request: 20,000 entries are twenty short requests, none of them heavy. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every entry of the signed-in person, with its own answers, oldest first, read in keyset pages
 * (after the last time read), so each page costs the same and the page stays
 * responsive between them.
 */
export async function fetchAllEntries(
  supabase: SupabaseClient,
  userId: string,
  onProgress?: (read: number) => void,
): Promise<EntryWithAnswers[]> {
  const entries: EntryWithAnswers[] = [];
  let after: string | undefined;
  for (;;) {
    let query = supabase.from('activities').select(ACTIVITY_ROW_COLUMNS).eq('user_id', userId);
    if (after) query = query.gt('created_at', after);
    const data = await dataOf(
      query
        .order('created_at', { ascending: true })
        .limit(EXPORT_PAGE_SIZE)
        .returns<ActivityRow[]>(),
    );
    for (const row of data) entries.push(withAnswers(exportedEntryOf(row), row.answers));
    onProgress?.(entries.length);
    if (data.length < EXPORT_PAGE_SIZE) return entries;
    after = data[data.length - 1]?.created_at;
  }
}
