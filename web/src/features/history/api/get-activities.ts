import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { useDataClient } from '../../../session/clients-context.tsx';
import { ACTIVITY_ROW_COLUMNS, type ActivityRow } from '../../../journal/entry-row.ts';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { dataOf } from '../../../session/data-answer.ts';
import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { dayBounds, DEFAULT_FILTERS, type HistoryFilters } from '../filters.ts';
import { historyQueryKeys } from './query-keys.ts';

// The history, one remote operation: the calls and the hooks that cache them
// (page by page, newest first) under the keys of query-keys.ts.

/** Enough to fill a phone screen several times; the next page loads on scroll. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * A page searched or filtered by tag: the rpc search_entries, whose GIN
 * indexes serve where row-level security keeps them from serving a filter on
 * the view (docs/decisions/038). Same filters, same keyset paging.
 */
async function searchActivities(
  supabase: SupabaseClient,
  filters: HistoryFilters,
  before: string | undefined,
): Promise<ActivityRow[]> {
  // A day (Year in pixels) ends the pages at its end and cuts the rows at its
  // start: newest first, a page reaching past the start is the last one.
  const day = dayBounds(filters.day);
  const rows = await dataOf<ActivityRow[]>(
    supabase.rpc('search_entries', {
      words: filters.search.trim() === '' ? null : filters.search,
      tag: filters.tag.trim() === '' ? null : filters.tag,
      activity_name: filters.activity.trim() === '' ? null : filters.activity,
      min_energy: filters.minEnergy,
      min_engagement: filters.minEngagement,
      flow_only: filters.flowOnly,
      before_time: before ?? day?.to ?? null,
      max_count: HISTORY_PAGE_SIZE,
    }),
  );
  return day ? rows.filter((row) => Date.parse(row.created_at) >= Date.parse(day.from)) : rows;
}

/**
 * One page of the signed-in user's activities, newest first, filtered in the
 * database. Pages are keyset-based: `before` is the created_at of the last
 * row already shown, so a page costs the same however far back it is.
 */
export async function fetchActivities(
  supabase: SupabaseClient,
  {
    userId,
    filters,
    before,
  }: { userId: string; filters: HistoryFilters; before?: string | undefined },
): Promise<ActivityRow[]> {
  if (filters.search.trim() !== '' || filters.tag.trim() !== '') {
    return searchActivities(supabase, filters, before);
  }
  let query = supabase.from('activities').select(ACTIVITY_ROW_COLUMNS).eq('user_id', userId);
  if (filters.minEnergy > 0) query = query.gte('energy', filters.minEnergy);
  if (filters.minEngagement > 0) query = query.gte('engagement', filters.minEngagement);
  if (filters.flowOnly) query = query.eq('flow_state', true);
  // The database's activity_key() lowercases and collapses whitespace; the
  // same here gives the key to compare, so the match uses its index.
  const activityKey = filters.activity.trim().replace(/\s+/g, ' ').toLowerCase();
  if (activityKey) query = query.eq('activity_key', activityKey);
  // A range of the primary key (user_id, created_at), like the pages.
  const day = dayBounds(filters.day);
  if (day) query = query.gte('created_at', day.from).lt('created_at', day.to);
  if (before) query = query.lt('created_at', before);

  return dataOf(
    query
      .order('created_at', { ascending: false })
      .limit(HISTORY_PAGE_SIZE)
      .returns<ActivityRow[]>(),
  );
}

/** Whether the user has recorded anything at all (tells the two empty messages apart). */
export async function hasAnyActivity(supabase: SupabaseClient, userId: string): Promise<boolean> {
  const rows = await dataOf(
    supabase.from('activities').select('created_at').eq('user_id', userId).limit(1),
  );
  return rows.length > 0;
}

function activitiesQuery(supabase: SupabaseClient, userId: string, filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: historyQueryKeys.list(userId, filters),
    queryFn: ({ pageParam }) => fetchActivities(supabase, { userId, filters, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length === HISTORY_PAGE_SIZE ? lastPage.at(-1)?.created_at : undefined,
  });
}

/** The history, page by page; the previous list stays on screen while filters change. */
export function useActivities(filters: HistoryFilters) {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useInfiniteQuery({
    ...activitiesQuery(supabase, userId, filters),
    placeholderData: keepPreviousData,
  });
}

/** Fetches the newest page while the user is on Track, so Look Back opens at once. */
export function usePrefetchHistory() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchInfiniteQuery(activitiesQuery(supabase, userId, DEFAULT_FILTERS));
  }, [queryClient, supabase, userId]);
}

/** Asked only when filters leave nothing, to choose between the two empty messages. */
export function useHasAnyActivity(enabled: boolean) {
  return useSignedInQuery(historyQueryKeys.anyActivity, hasAnyActivity, { enabled });
}
