import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchWeeklyReviews, type WeeklyReviewRow } from '../../../journal/weekly-review-row.ts';

/** Every weekly review of the signed-in person for the JSON export, oldest week first. */
export function fetchAllReviews(supabase: SupabaseClient): Promise<WeeklyReviewRow[]> {
  return fetchWeeklyReviews(supabase, 'oldest first');
}
