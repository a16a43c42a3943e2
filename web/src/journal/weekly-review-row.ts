import type { SupabaseClient } from '@supabase/supabase-js';
import { NOTES_MAX_LENGTH } from './entry-limits.ts';

/**
 * One weekly review as the `weekly_reviews` table keeps it (docs/product.md
 * 10.1, docs/decisions/071): what the review screen saves and shows, what a
 * JSON export reads and an import sends back.
 */
export interface WeeklyReviewRow {
  /** The week's Monday, YYYY-MM-DD, in the person's time zone. */
  week_start: string;
  activities: string;
  environment: string;
  interactions: string;
  objects: string;
  users: string;
  /** "Do more of": an activity or a tag as the person spelled it, or both null. */
  more_kind: PlanKind | null;
  more_name: string | null;
  /** "Do less of", the same way. */
  less_kind: PlanKind | null;
  less_name: string | null;
  how: string;
}

export type PlanKind = 'activity' | 'tag';

/** The table's columns as a supabase-js select list. */
export const WEEKLY_REVIEW_COLUMNS =
  'week_start, activities, environment, interactions, objects, users, more_kind, more_name, less_kind, less_name, how';

/** The longest text of a review's fields: an entry's notes' bound (server check_weekly_review). */
export const REVIEW_TEXT_MAX_LENGTH = NOTES_MAX_LENGTH;

/**
 * Every weekly review of the signed-in person (row-level security: their
 * own only), by week: the review screens newest first, the export oldest
 * first. One a week, a few hundred after years, so one request.
 */
export async function fetchWeeklyReviews(
  supabase: SupabaseClient,
  order: 'newest first' | 'oldest first',
): Promise<WeeklyReviewRow[]> {
  const { data, error } = await supabase
    .from('weekly_reviews')
    .select(WEEKLY_REVIEW_COLUMNS)
    .order('week_start', { ascending: order === 'oldest first' })
    .returns<WeeklyReviewRow[]>();
  if (error) throw error;
  return data;
}
