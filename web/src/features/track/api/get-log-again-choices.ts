import { fetchLogAgainChoices } from '../../../journal/log-again-choices.ts';
import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { trackQueryKeys } from './query-keys.ts';

/**
 * What Track's Log again offers (docs/decisions/072). Under the activities
 * key: a save refreshes the choices, and the last answer is kept on the
 * device (docs/decisions/045), so Log again works offline.
 */
export function useLogAgainChoices() {
  return useSignedInQuery(trackQueryKeys.logAgain, fetchLogAgainChoices);
}
