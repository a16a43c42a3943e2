import { describe, expect, it } from 'vitest';
import { fetchJournalQuestions } from '../../src/journal/journal-questions.ts';
import type { JournalEntry } from '../../src/journal/entry.ts';
import { saveActivity } from '../../src/journal/save-entry.ts';
import { signUpAppUser, type AppUser } from '../support/users.ts';

// The Track tab's save sends its entry's key with an upsert that ignores
// duplicates, against the real server: the same press sent again (an answer
// lost on the way back, a second tab) stores one entry (docs/decisions/035).

async function storedCount(user: AppUser): Promise<number> {
  const { count, error } = await user.supabase
    .from('activities')
    .select('*', { count: 'exact', head: true });
  if (error) throw error;
  return count ?? 0;
}

function entry(entryKey: string): JournalEntry {
  return { activity: 'Writing', energy: 70, engagement: 80, flowState: true, notes: 'x', entryKey };
}

describe('saving an activity', () => {
  it('stores one entry however often the same press is sent, even at once', async () => {
    const user = await signUpAppUser('save-once');
    const questions = await fetchJournalQuestions(user.supabase);
    const press = entry(crypto.randomUUID());
    await saveActivity(user.supabase, user.id, questions, press);
    await Promise.all([1, 2, 3].map(() => saveActivity(user.supabase, user.id, questions, press)));
    expect(await storedCount(user)).toBe(1);
  });

  it('stores two entries for two presses of the same values', async () => {
    const user = await signUpAppUser('save-twice');
    const questions = await fetchJournalQuestions(user.supabase);
    await saveActivity(user.supabase, user.id, questions, entry(crypto.randomUUID()));
    await saveActivity(user.supabase, user.id, questions, entry(crypto.randomUUID()));
    expect(await storedCount(user)).toBe(2);
  });
});
