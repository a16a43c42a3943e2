import type { QueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchJournalQuestions } from './journal-questions.ts';
import { trackQueryKeys } from './query-keys.ts';
import { saveActivity, type ActivityEntry } from './save-activity.ts';

/** The questions rarely change; one lookup serves a session's sends. */
const QUESTIONS_STALE_MS = 10 * 60 * 1000;

/**
 * How the outbox sends one entry it kept (docs/decisions/041): the entry as
 * Track made it, through saveActivity, so its key makes a repeat store nothing.
 */
export async function sendActivityEntry(
  supabase: SupabaseClient,
  queryClient: QueryClient,
  userId: string,
  entry: ActivityEntry,
): Promise<void> {
  const questions = await queryClient.fetchQuery({
    queryKey: trackQueryKeys.journalQuestions(),
    queryFn: () => fetchJournalQuestions(supabase),
    staleTime: QUESTIONS_STALE_MS,
  });
  await saveActivity(supabase, userId, questions, entry);
}
