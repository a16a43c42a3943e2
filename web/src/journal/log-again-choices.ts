import type { SupabaseClient } from '@supabase/supabase-js';

/** One activity Track's Log again offers, with the values of its most recent entry. */
export interface LogAgainChoice {
  /** As the person last spelled it. */
  activity: string;
  /** Whole percentages, as stored. */
  energy: number;
  engagement: number;
  flow_state: boolean;
  tags: string[];
}

/**
 * The person's activities logged most often in the last 30 days, at most six,
 * most frequent first (public.log_again_choices,
 * server/db/app/functions/log_again_choices.sql; docs/decisions/072).
 */
export async function fetchLogAgainChoices(supabase: SupabaseClient): Promise<LogAgainChoice[]> {
  const { data, error } = await supabase.rpc('log_again_choices', {}, { get: true });
  if (error) throw error;
  return (data as LogAgainChoice[]).map(({ activity, energy, engagement, flow_state, tags }) => ({
    activity,
    energy,
    engagement,
    flow_state,
    tags,
  }));
}
