import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback } from 'react';
import { useSupabase } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../auth/hooks/auth-context.tsx';
import { ACTIVITIES_QUERY_KEY } from '../../history/hooks/activities-query-key.ts';
import {
  browserTimeZone,
  DEFAULT_PERIOD,
  fetchInsights,
  PERIODS,
  type PeriodId,
} from '../api/fetch-insights.ts';

/** Under the activities key, so a saved activity refreshes the numbers. */
function insightsQuery(supabase: SupabaseClient, userId: string, period: PeriodId) {
  const days = PERIODS.find((p) => p.id === period)?.days ?? null;
  const timeZone = browserTimeZone();
  return queryOptions({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, 'insights', period, timeZone],
    queryFn: () => fetchInsights(supabase, days, timeZone),
  });
}

export function useInsights(period: PeriodId) {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  return useQuery({
    ...insightsQuery(supabase, userId, period),
    placeholderData: keepPreviousData,
  });
}

/** The numbers of the default period, fetched ahead so the tab opens with them. */
export function usePrefetchInsights(): () => void {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.prefetchQuery(insightsQuery(supabase, userId, DEFAULT_PERIOD)),
    [queryClient, supabase, userId],
  );
}
