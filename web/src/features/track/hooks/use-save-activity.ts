import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/app-context.tsx';
import { useSignedInUser } from '../../auth/hooks/auth-context.tsx';
import { ACTIVITIES_QUERY_KEY } from '../../history/hooks/activities-query-key.ts';
import { fetchJournalQuestions } from '../api/journal-questions.ts';
import { saveActivity, type ActivityEntry } from '../api/save-activity.ts';

/** The questions rarely change; one lookup serves a session's saves. */
const QUESTIONS_STALE_MS = 10 * 60 * 1000;

export function useSaveActivity() {
  const supabase = useSupabase();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entry: ActivityEntry) => {
      const questions = await queryClient.fetchQuery({
        queryKey: ['journal-questions'],
        queryFn: () => fetchJournalQuestions(supabase),
        staleTime: QUESTIONS_STALE_MS,
      });
      await saveActivity(supabase, user.id, questions, entry);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
  });
}
