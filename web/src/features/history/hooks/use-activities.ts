import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { useSupabase } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../auth/hooks/auth-context.tsx';
import { fetchActivities, hasAnyActivity, HISTORY_PAGE_SIZE } from '../api/fetch-activities.ts';
import { DEFAULT_FILTERS, type HistoryFilters } from '../filters.ts';
import { ACTIVITIES_QUERY_KEY } from './activities-query-key.ts';

function activitiesQuery(supabase: SupabaseClient, userId: string, filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, filters],
    queryFn: ({ pageParam }) => fetchActivities(supabase, { userId, filters, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length === HISTORY_PAGE_SIZE ? lastPage.at(-1)?.created_at : undefined,
  });
}

/** The history, page by page; the previous list stays on screen while filters change. */
export function useActivities(filters: HistoryFilters) {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  return useInfiniteQuery({
    ...activitiesQuery(supabase, userId, filters),
    placeholderData: keepPreviousData,
  });
}

/** Fetches the newest page while the user is on Track, so Look Back opens at once. */
export function usePrefetchHistory() {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchInfiniteQuery(activitiesQuery(supabase, userId, DEFAULT_FILTERS));
  }, [queryClient, supabase, userId]);
}

/** Asked only when filters leave nothing, to choose between the two empty messages. */
export function useHasAnyActivity(enabled: boolean) {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, 'any'],
    queryFn: () => hasAnyActivity(supabase, userId),
    enabled,
  });
}
