import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ACTIVITIES_QUERY_KEY } from './query-keys.ts';
import { useDataClient } from '../session/clients-context.tsx';
import { useSignedInUser } from '../session/signed-in-session.tsx';

// The person's own tags, for Track's Tags field and Look Back's Tag filter:
// shared, so it lives here rather than in either feature.

/** How many of the person's tags are offered. */
export const TAG_SUGGESTION_COUNT = 50;

/** Under the activities key, so that a save or an edit refreshes them. */
export const tagSuggestionsQueryKey = (userId: string) =>
  [...ACTIVITIES_QUERY_KEY, userId, 'tag-suggestions'] as const;

/**
 * The person's own tags, most used first (public.tag_suggestions,
 * server/db/app/functions/tag_suggestions.sql), all at once: the fields
 * filter them as the person types.
 */
export async function fetchTagSuggestions(supabase: SupabaseClient): Promise<string[]> {
  const { data, error } = await supabase.rpc(
    'tag_suggestions',
    { max_count: TAG_SUGGESTION_COUNT },
    { get: true },
  );
  if (error) throw error;
  return (data as Array<{ tag: string }>).map((row) => row.tag);
}

export function useTagSuggestions() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: tagSuggestionsQueryKey(userId),
    queryFn: () => fetchTagSuggestions(supabase),
  });
}
