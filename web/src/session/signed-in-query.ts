import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from './clients-context.tsx';
import { useSignedInUser } from './signed-in-session.tsx';

/**
 * A query of the signed-in person's own data: its key names the person (so
 * that another account on the device never sees the answer), and its call
 * gets the data client.
 */
export function useSignedInQuery<T>(
  keyFor: (userId: string) => QueryKey,
  fetch: (supabase: SupabaseClient, userId: string) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<T> {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: keyFor(userId),
    queryFn: () => fetch(supabase, userId),
    enabled,
  });
}
