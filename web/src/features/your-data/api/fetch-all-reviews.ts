import type { SupabaseClient } from '@supabase/supabase-js';
import { WEEKLY_REVIEW_COLUMNS, type WeeklyReviewRow } from '../../../lib/weekly-review-row.ts';

/**
 * Every weekly review of the signed-in person for the JSON export, oldest
 * week first. One a week: a few hundred after years, so one request.
 */
export async function fetchAllReviews(supabase: SupabaseClient): Promise<WeeklyReviewRow[]> {
  const { data, error } = await supabase
    .from('weekly_reviews')
    .select(WEEKLY_REVIEW_COLUMNS)
    .order('week_start', { ascending: true })
    .returns<WeeklyReviewRow[]>();
  if (error) throw error;
  return data;
}
