import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { trackQueryKeys } from './query-keys.ts';

/** How many of the person's own names Track offers while typing. */
export const SUGGESTION_COUNT = 50;

/**
 * The person's own activity names, most used first, then most recent
 * (public.activity_suggestions, server/db/app/functions/activity_suggestions.sql).
 */
export async function fetchActivitySuggestions(supabase: SupabaseClient): Promise<string[]> {
  const { data, error } = await supabase.rpc(
    'activity_suggestions',
    { max_count: SUGGESTION_COUNT },
    { get: true },
  );
  if (error) throw error;
  return (data as Array<{ activity: string }>).map((row) => row.activity);
}

export function useActivitySuggestions() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: trackQueryKeys.suggestions(userId),
    queryFn: () => fetchActivitySuggestions(supabase),
  });
}
