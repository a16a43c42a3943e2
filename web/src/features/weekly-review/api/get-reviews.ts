import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../../lib/signed-in-session.tsx';
import { WEEKLY_REVIEW_COLUMNS, type WeeklyReviewRow } from '../../../lib/weekly-review-row.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

/**
 * Every saved review, newest week first. One a week: a few hundred after
 * years of reviews, so one request reads them all (row-level security: the
 * person's own only).
 */
export async function fetchReviews(supabase: SupabaseClient): Promise<WeeklyReviewRow[]> {
  const { data, error } = await supabase
    .from('weekly_reviews')
    .select(WEEKLY_REVIEW_COLUMNS)
    .order('week_start', { ascending: false })
    .returns<WeeklyReviewRow[]>();
  if (error) throw error;
  return data;
}

export function useReviews() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: weeklyReviewQueryKeys.reviews(userId),
    queryFn: () => fetchReviews(supabase),
  });
}
