import { fetchJournalQuestions, QUESTION_TEXT } from '../../src/journal/journal-questions.ts';
import type { AppUser } from '../support/users.ts';

// A journal with answers to the person's own questions, written straight
// through the user's client as the server stores them (docs/decisions/084):
// each entry's rows share its created_at and entry key, in one insert.

export interface OwnEntry {
  activity: string;
  energy: number;
  /** Answers by question id. */
  own: Record<number, string>;
  createdAt: string;
}

/** Adds one of the user's own questions and gives its id. */
export async function addOwnQuestion(
  user: AppUser,
  fields: Record<string, unknown>,
): Promise<number> {
  const { data, error } = await user.supabase
    .from('questions')
    .insert({ asked: 'entry', ...fields })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as number;
}

export async function recordOwnEntries(user: AppUser, entries: OwnEntry[]): Promise<void> {
  const questions = await fetchJournalQuestions(user.supabase);
  const id = (text: string) => questions.find((q) => q.question === text)!.id;
  const rows = entries.flatMap((e) => {
    const entryKey = crypto.randomUUID();
    return [
      [id(QUESTION_TEXT.activity), e.activity],
      [id(QUESTION_TEXT.energy), String(e.energy)],
      [id(QUESTION_TEXT.engagement), '50'],
      [id(QUESTION_TEXT.flowState), 'false'],
      ...Object.entries(e.own).map(([q, answer]) => [Number(q), answer] as const),
    ].map(([questionId, answer]) => ({
      user_id: user.id,
      question_id: questionId,
      answer,
      entry_key: entryKey,
      created_at: e.createdAt,
    }));
  });
  const { error } = await user.supabase.from('user_answers').insert(rows);
  if (error) throw error;
}
