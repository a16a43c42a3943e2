import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../auth/hooks/auth-context.tsx';
import { ACTIVITIES_QUERY_KEY } from '../../history/hooks/activities-query-key.ts';
import { browserTimeZone, fetchInsights, PERIODS, type PeriodId } from '../api/fetch-insights.ts';

/** Under the activities key, so a saved activity refreshes the numbers. */
export function useInsights(period: PeriodId) {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  const days = PERIODS.find((p) => p.id === period)?.days ?? null;
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, 'insights', period, timeZone],
    queryFn: () => fetchInsights(supabase, days, timeZone),
    placeholderData: keepPreviousData,
  });
}
