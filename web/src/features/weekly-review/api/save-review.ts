import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { WEEKLY_REVIEW_COLUMNS, type WeeklyReviewRow } from '../../../journal/weekly-review-row.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

/**
 * One statement for the first save of a week and every later one: an
 * upsert on (user_id, week_start), user_id being the database's auth.uid().
 * The database refuses a review that breaks its rules with a 400 whose
 * message says what to change; that message is what the screen shows.
 */
export async function saveReview(
  supabase: SupabaseClient,
  review: WeeklyReviewRow,
): Promise<WeeklyReviewRow> {
  const { data, error } = await supabase
    .from('weekly_reviews')
    .upsert(review, { onConflict: 'user_id,week_start' })
    .select(WEEKLY_REVIEW_COLUMNS)
    .single<WeeklyReviewRow>();
  if (error) throw error;
  return data;
}

export function useSaveReview() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: WeeklyReviewRow) => saveReview(supabase, review),
    onSuccess: (saved) => {
      queryClient.setQueryData<WeeklyReviewRow[]>(weeklyReviewQueryKeys.reviews(userId), (old) =>
        [...(old ?? []).filter((r) => r.week_start !== saved.week_start), saved].sort((a, b) =>
          b.week_start.localeCompare(a.week_start),
        ),
      );
      // The next week's check reads this review's plan.
      void queryClient.invalidateQueries({ queryKey: weeklyReviewQueryKeys.weeks(userId) });
    },
  });
}
