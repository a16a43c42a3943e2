import type { SupabaseClient } from '@supabase/supabase-js';
import { journalQuestions } from '../rest/fixtures.ts';

export interface TimedEntry {
  activity: string;
  energy: number;
  engagement: number;
  flow?: boolean;
  /** ISO instant; the owner may choose an entry's time (docs/decisions/013). */
  at: string;
}

/** Saves entries through supabase-js as the app does, each at its own time. */
export async function logEntries(
  client: SupabaseClient,
  userId: string,
  entries: TimedEntry[],
): Promise<void> {
  const ids = await journalQuestions(client);
  const rows = entries.flatMap((e) =>
    (
      [
        ['Activity Description', e.activity],
        ['Energy Level', String(e.energy)],
        ['Engagement Level', String(e.engagement)],
        ['Flow State', String(e.flow ?? false)],
      ] as const
    ).map(([question, answer]) => ({
      user_id: userId,
      question_id: ids.get(question),
      answer,
      created_at: e.at,
    })),
  );
  const { error } = await client.from('user_answers').insert(rows);
  if (error) throw new Error(`insert failed: ${error.message}`);
}
