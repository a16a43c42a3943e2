import type { SupabaseClient } from '@supabase/supabase-js';
import { dataOf } from '../../../session/data-answer.ts';
import type { FileQuestion } from '../own-questions/file-question.ts';
import { OWN_QUESTION_COLUMNS, type OwnQuestion } from '../../../journal/own-questions.ts';

/**
 * Makes the questions an import needs and the account lacks, in one insert
 * (docs/decisions/100): all of them or, refused by their check (a text
 * already there, more than 20 shown), none. Hidden ones are made hidden.
 */
export async function createOwnQuestions(
  supabase: SupabaseClient,
  questions: readonly FileQuestion[],
): Promise<OwnQuestion[]> {
  if (questions.length === 0) return [];
  return dataOf(
    supabase
      .from('questions')
      .insert(questions.map(({ hidden, ...fields }) => ({ ...fields, active: !hidden })))
      .select(OWN_QUESTION_COLUMNS)
      .returns<OwnQuestion[]>(),
  );
}
