import { useQuery } from '@tanstack/react-query';
import { fetchLogAgainChoices } from '../../../journal/log-again-choices.ts';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { trackQueryKeys } from './query-keys.ts';

/**
 * What Track's Log again offers (docs/decisions/072). Under the activities
 * key: a save refreshes the choices, and the last answer is kept on the
 * device (docs/decisions/045), so Log again works offline.
 */
export function useLogAgainChoices() {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: trackQueryKeys.logAgain(userId),
    queryFn: () => fetchLogAgainChoices(supabase),
  });
}
