import { useQuery } from '@tanstack/react-query';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { fetchSuggestions } from '../../../journal/suggestions.ts';
import { trackQueryKeys } from './query-keys.ts';

/**
 * The person's own activity names, most used first, then most recent
 * (public.activity_suggestions), offered while typing.
 */
export function useActivitySuggestions() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: trackQueryKeys.suggestions(userId),
    queryFn: () => fetchSuggestions(supabase, 'activity_suggestions', 'activity'),
  });
}
