import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { fetchSuggestions } from '../../../journal/suggestions.ts';
import { trackQueryKeys } from './query-keys.ts';

/**
 * The person's own activity names, most used first, then most recent
 * (public.activity_suggestions), offered while typing.
 */
export function useActivitySuggestions() {
  return useSignedInQuery(trackQueryKeys.suggestions, (supabase) =>
    fetchSuggestions(supabase, 'activity_suggestions', 'activity'),
  );
}
