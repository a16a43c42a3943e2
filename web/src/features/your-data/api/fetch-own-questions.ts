import type { SupabaseClient } from '@supabase/supabase-js';
import { dataOf } from '../../../session/data-answer.ts';
import { OWN_QUESTION_COLUMNS, type OwnQuestionRow } from '../own-questions/file-question.ts';

/**
 * The signed-in person's own questions (docs/decisions/084), hidden ones
 * too, in the order they were made: the columns of a CSV export, the list of
 * a JSON one, and what an import matches a file's questions against.
 * Row-level security gives only the caller's own; the built-in ones have no owner.
 */
export function fetchOwnQuestions(supabase: SupabaseClient): Promise<OwnQuestionRow[]> {
  return dataOf(
    supabase
      .from('questions')
      .select(OWN_QUESTION_COLUMNS)
      .not('owner_id', 'is', null)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .returns<OwnQuestionRow[]>(),
  );
}
