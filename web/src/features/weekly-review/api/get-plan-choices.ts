import type { SupabaseClient } from '@supabase/supabase-js';
import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

/** What "Do more of" and "Do less of" offer: the person's own activities and tags. */
export interface PlanChoices {
  activities: string[];
  tags: string[];
}

/** Most used first, each with its most recent spelling: the database's suggestion calls. */
export async function fetchPlanChoices(supabase: SupabaseClient): Promise<PlanChoices> {
  const [activities, tags] = await Promise.all([
    supabase.rpc('activity_suggestions', { max_count: 200 }),
    supabase.rpc('tag_suggestions', { prefix: '', max_count: 200 }),
  ]);
  if (activities.error) throw activities.error;
  if (tags.error) throw tags.error;
  return {
    activities: (activities.data as Array<{ activity: string }>).map((row) => row.activity),
    tags: (tags.data as Array<{ tag: string }>).map((row) => row.tag),
  };
}

export function usePlanChoices() {
  return useSignedInQuery(weeklyReviewQueryKeys.choices, fetchPlanChoices);
}
