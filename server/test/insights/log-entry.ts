import type { SupabaseClient } from '@supabase/supabase-js';
import { journalQuestions, tagsQuestion } from '../rest/fixtures.ts';

export interface TimedEntry {
  activity: string;
  energy: number;
  engagement: number;
  flow?: boolean;
  /** Saved as the entry's 'Activity Notes' answer when given. */
  notes?: string;
  /** Saved as the entry's 'Tags' answer (docs/decisions/038) when given. */
  tags?: string[];
  /** Answers to the person's own questions, by question id (docs/decisions/084). */
  own?: Record<number, string>;
  /** ISO instant; the owner may choose an entry's time (docs/decisions/013). */
  at: string;
}

/** An entry at `at` with middling engagement: the tests that use it look at activity and energy. */
export function timedEntry(
  activity: string,
  energy: number,
  at: string,
  extra: Partial<TimedEntry> = {},
): TimedEntry {
  return { activity, energy, engagement: 50, at, ...extra };
}

/** Saves entries through supabase-js as the app does, each at its own time. */
export async function logEntries(
  client: SupabaseClient,
  userId: string,
  entries: TimedEntry[],
): Promise<void> {
  const ids = await journalQuestions(client);
  const tagsId = entries.some((e) => e.tags) ? await tagsQuestion(client) : undefined;
  const rows = entries.flatMap((e) =>
    (
      [
        [ids.get('Activity Description'), e.activity],
        [ids.get('Energy Level'), String(e.energy)],
        [ids.get('Engagement Level'), String(e.engagement)],
        [ids.get('Flow State'), String(e.flow ?? false)],
        ...(e.notes === undefined ? [] : [[ids.get('Activity Notes'), e.notes] as const]),
        ...(e.tags ? [[tagsId, JSON.stringify(e.tags)] as const] : []),
        ...Object.entries(e.own ?? {}).map(([id, answer]) => [Number(id), answer] as const),
      ] as const
    ).map(([questionId, answer]) => ({
      user_id: userId,
      question_id: questionId,
      answer,
      created_at: e.at,
    })),
  );
  const { error } = await client.from('user_answers').insert(rows);
  if (error) throw new Error(`insert failed: ${error.message}`);
}
