import type { SupabaseClient } from '@supabase/supabase-js';
import type { HistoryFilters } from '../filters.ts';

export interface Activity {
  created_at: string;
  activity: string;
  energy: number;
  engagement: number;
  flow_state: boolean;
  notes: string | null;
}

/** Enough to fill a phone screen several times; the next page loads on scroll. */
export const HISTORY_PAGE_SIZE = 50;

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
): Promise<Activity[]> {
  let query = supabase
    .from('activities')
    .select('created_at, activity, energy, engagement, flow_state, notes')
    .eq('user_id', userId);
  if (filters.minEnergy > 0) query = query.gte('energy', filters.minEnergy);
  if (filters.minEngagement > 0) query = query.gte('engagement', filters.minEngagement);
  if (filters.flowOnly) query = query.eq('flow_state', true);
  // The database's activity_key() lowercases and collapses whitespace; the
  // same here gives the key to compare, so the match uses its index.
  const activityKey = filters.activity.trim().replace(/\s+/g, ' ').toLowerCase();
  if (activityKey) query = query.eq('activity_key', activityKey);
  if (before) query = query.lt('created_at', before);

  const { data, error } = await query
    .order('created_at', { ascending: false })
    .limit(HISTORY_PAGE_SIZE)
    .returns<Activity[]>();
  if (error) throw error;
  return data;
}

/** Whether the user has recorded anything at all (tells the two empty messages apart). */
export async function hasAnyActivity(supabase: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await supabase
    .from('activities')
    .select('created_at')
    .eq('user_id', userId)
    .limit(1);
  if (error) throw error;
  return data.length > 0;
}
