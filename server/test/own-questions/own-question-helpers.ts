import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { SignedInUser } from '../helpers/users.ts';
import { journalQuestions } from '../rest/fixtures.ts';

// Own questions and their answers made as the app makes them
// (docs/decisions/084): a PostgREST insert into questions, and the answers
// in the entry's one upsert with its created_at and entry_key.

export const QUESTION_COLUMNS =
  'id, question, answer_type, unit, lowest, highest, label_1, label_5, asked, active';

export function addQuestion(client: SupabaseClient, fields: Record<string, unknown>) {
  return client
    .from('questions')
    .insert({ asked: 'entry', ...fields })
    .select(QUESTION_COLUMNS)
    .single();
}

/** A question that must be made; its id. */
export async function questionId(
  client: SupabaseClient,
  fields: Record<string, unknown>,
): Promise<number> {
  const made = await addQuestion(client, fields);
  expect(made.error).toBeNull();
  return made.data!.id as number;
}

/** Saves an entry at `createdAt` with its own answers; the upsert's answer. */
export async function saveEntry(
  user: SignedInUser,
  createdAt: string,
  own: Record<number, string>,
  activity = 'Walk',
) {
  const journal = await journalQuestions(user.client);
  const entryKey = randomUUID();
  const rows = [
    [journal.get('Activity Description')!, activity],
    [journal.get('Energy Level')!, '50'],
    [journal.get('Engagement Level')!, '60'],
    [journal.get('Flow State')!, 'false'],
    ...Object.entries(own).map(([id, answer]) => [Number(id), answer] as const),
  ].map(([questionId, answer]) => ({
    user_id: user.userId,
    question_id: questionId,
    answer,
    created_at: createdAt,
    entry_key: entryKey,
  }));
  return user.client
    .from('user_answers')
    .upsert(rows, { onConflict: 'user_id,entry_key,question_id', ignoreDuplicates: true });
}

/** The entry's own answers as the activities view gives them (null: no entry). */
export async function answersAt(
  client: SupabaseClient,
  createdAt: string,
): Promise<Record<string, string> | null> {
  const { data, error } = await client
    .from('activities')
    .select('answers')
    .eq('created_at', createdAt)
    .maybeSingle();
  expect(error).toBeNull();
  return (data?.answers as Record<string, string> | undefined) ?? null;
}

/** A time n minutes ago, as an entry's created_at. */
export const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
