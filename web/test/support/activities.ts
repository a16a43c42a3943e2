import { fetchJournalQuestions, fetchTagsQuestion } from '../../src/journal/journal-questions.ts';
import type { JournalEntry } from '../../src/journal/entry.ts';
import { saveActivity } from '../../src/journal/save-entry.ts';
import { signInElsewhere, type AppUser } from './users.ts';

export type NewActivity = Pick<JournalEntry, 'activity' | 'energy' | 'engagement'> &
  Partial<JournalEntry>;

/**
 * Records activities, oldest first, through the user's client and the app's
 * own save path. One insert each, awaited in turn, like separate presses of
 * Save: each gets its own created_at (one transaction would give them one).
 */
export async function recordActivities(user: AppUser, entries: NewActivity[]): Promise<void> {
  const questions = await fetchJournalQuestions(user.supabase);
  // The 'Tags' question only when an entry has tags, as Track asks for it.
  if (entries.some((entry) => (entry.tags ?? []).length > 0)) {
    questions.push(await fetchTagsQuestion(user.supabase));
  }
  for (const entry of entries) {
    await saveActivity(user.supabase, user.id, questions, {
      flowState: false,
      notes: '',
      entryKey: crypto.randomUUID(),
      ...entry,
    });
  }
}

/** The user's activities as the server holds them, newest first, read from another sign-in. */
export async function storedActivities(
  { email, password }: AppUser,
  columns = 'activity, energy, engagement, flow_state, notes',
) {
  const client = await signInElsewhere(email, password);
  const { data, error } = await client
    .from('activities')
    .select(columns)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}
