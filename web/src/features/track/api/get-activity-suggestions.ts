import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSupabase } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../../lib/auth-context.tsx';
import { ACTIVITIES_QUERY_KEY } from '../../history/api/get-activities.ts';

/** How many of the person's own names Track offers while typing. */
export const SUGGESTION_COUNT = 50;

/** The person's own activity names, most used first, then most recent (0006_insights.sql). */
export async function fetchActivitySuggestions(supabase: SupabaseClient): Promise<string[]> {
  const { data, error } = await supabase.rpc(
    'activity_suggestions',
    { max_count: SUGGESTION_COUNT },
    { get: true },
  );
  if (error) throw error;
  return (data as Array<{ activity: string }>).map((row) => row.activity);
}

/** Under the activities key, so a save refreshes the names too. */
export function useActivitySuggestions() {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, 'suggestions'],
    queryFn: () => fetchActivitySuggestions(supabase),
  });
}
