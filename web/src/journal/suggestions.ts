import type { SupabaseClient } from '@supabase/supabase-js';

/** How many of the person's own names or tags are offered. */
export const SUGGESTION_COUNT = 50;

/**
 * The person's own words, most used first, from one of the suggestion
 * functions (server/db/app/functions/activity_suggestions.sql and
 * tag_suggestions.sql): each answers rows of one text column, all at once,
 * and the fields filter them as the person types.
 */
export async function fetchSuggestions(
  supabase: SupabaseClient,
  fn: 'activity_suggestions' | 'tag_suggestions',
  column: 'activity' | 'tag',
): Promise<string[]> {
  const { data, error } = await supabase.rpc(fn, { max_count: SUGGESTION_COUNT }, { get: true });
  if (error) throw error;
  return (data as Array<Record<string, string>>).map((row) => row[column] ?? '');
}
