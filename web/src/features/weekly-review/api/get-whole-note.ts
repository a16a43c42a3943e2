import { dataOf } from '../../../session/data-answer.ts';
import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

/**
 * The whole notes of one of the person's entries, read when its flow moment
 * is opened: the week's look back sends only the start of each note, so that
 * its answer stays small however crowded the week (ADR 087).
 */
export function useWholeNote(createdAt: string, enabled: boolean) {
  return useSignedInQuery(
    (userId) => weeklyReviewQueryKeys.note(userId, createdAt),
    async (supabase, userId) => {
      const row = await dataOf<{ notes: string | null } | null>(
        supabase
          .from('activities')
          .select('notes')
          .eq('user_id', userId)
          .eq('created_at', createdAt)
          .single(),
      );
      return row?.notes ?? '';
    },
    { enabled },
  );
}
