import type { QueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { JournalEntry } from '../entry.ts';
import { entryQuestions, saveActivity } from '../save-entry.ts';

/**
 * How the outbox sends one entry it kept (docs/decisions/041): the entry as
 * Track made it, tags included, through saveActivity, so its key makes a
 * repeat store nothing.
 */
export async function sendEntry(
  supabase: SupabaseClient,
  queryClient: QueryClient,
  userId: string,
  entry: JournalEntry,
): Promise<void> {
  const questions = await entryQuestions(queryClient, supabase, entry);
  await saveActivity(supabase, userId, questions, entry);
}
