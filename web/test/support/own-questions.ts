import type { OwnQuestion } from '../../src/journal/own-questions.ts';
import type { AppUser } from './users.ts';

export type NewQuestion = Pick<OwnQuestion, 'question' | 'answer_type'> &
  Partial<Omit<OwnQuestion, 'id'>>;

/** Adds questions to the user's own, in order, as Profile's form does; gives their ids. */
export async function addQuestions(user: AppUser, questions: NewQuestion[]): Promise<number[]> {
  const ids: number[] = [];
  for (const question of questions) {
    const { data, error } = await user.supabase
      .from('questions')
      .insert({ asked: 'entry', ...question })
      .select('id')
      .single();
    if (error) throw error;
    ids.push(data.id as number);
  }
  return ids;
}
