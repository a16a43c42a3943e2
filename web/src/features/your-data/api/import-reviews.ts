import type { SupabaseClient } from '@supabase/supabase-js';
import type { WeeklyReviewRow } from '../../../journal/weekly-review-row.ts';

/** Reviews per request: six texts of 2000 emoji each are 48 KB, so ten stay well under the 1 MiB body limit. */
const REVIEWS_PER_CALL = 10;

/**
 * Adds the file's weekly reviews, a batch per request. A week that already
 * has a review keeps it (the upsert ignores the duplicate), as an entry
 * already there is skipped, so importing a file twice adds nothing.
 * Returns how many were added.
 */
export async function importReviews(
  supabase: SupabaseClient,
  reviews: readonly WeeklyReviewRow[],
): Promise<number> {
  let added = 0;
  for (let start = 0; start < reviews.length; start += REVIEWS_PER_CALL) {
    const { data, error } = await supabase
      .from('weekly_reviews')
      .upsert(reviews.slice(start, start + REVIEWS_PER_CALL), {
        onConflict: 'user_id,week_start',
        ignoreDuplicates: true,
      })
      .select('week_start');
    if (error) throw error;
    added += data.length;
  }
  return added;
}
