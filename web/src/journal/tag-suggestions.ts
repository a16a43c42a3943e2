import { ACTIVITIES_QUERY_KEY } from './query-keys.ts';
import { fetchSuggestions } from './suggestions.ts';
import { useSignedInQuery } from '../session/signed-in-query.ts';

// The person's own tags, for Track's Tags field and Look Back's Tag filter:
// shared, so it lives here rather than in either feature.

/** Under the activities key, so that a save or an edit refreshes them. */
export const tagSuggestionsQueryKey = (userId: string) =>
  [...ACTIVITIES_QUERY_KEY, userId, 'tag-suggestions'] as const;

/** The person's own tags, most used first (public.tag_suggestions). */
export function useTagSuggestions() {
  return useSignedInQuery(tagSuggestionsQueryKey, (supabase) =>
    fetchSuggestions(supabase, 'tag_suggestions', 'tag'),
  );
}
