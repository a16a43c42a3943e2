import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../auth/hooks/auth-context.tsx';
import { ACTIVITIES_QUERY_KEY } from '../../history/hooks/activities-query-key.ts';
import { fetchActivitySuggestions } from '../api/activity-suggestions.ts';

/** Under the activities key, so a save refreshes the names too. */
export function useActivitySuggestions() {
  const supabase = useSupabase();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, 'suggestions'],
    queryFn: () => fetchActivitySuggestions(supabase),
  });
}
