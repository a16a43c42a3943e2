import { useQuery } from '@tanstack/react-query';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { fetchWeeklyReviews } from '../../../journal/weekly-review-row.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

/** Every saved review, newest week first: Past reviews, and each week's form. */
export function useReviews() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: weeklyReviewQueryKeys.reviews(userId),
    queryFn: () => fetchWeeklyReviews(supabase, 'newest first'),
  });
}
