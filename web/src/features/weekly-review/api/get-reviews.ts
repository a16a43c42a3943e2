import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { fetchWeeklyReviews } from '../../../journal/weekly-review-row.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

/** Every saved review, newest week first: Past reviews, and each week's form. */
export function useReviews() {
  return useSignedInQuery(weeklyReviewQueryKeys.reviews, (supabase) =>
    fetchWeeklyReviews(supabase, 'newest first'),
  );
}
