import type { SupabaseClient } from '@supabase/supabase-js';

/** docs/product.md 3: the journal page and the texts its active questions are matched by. */
export const JOURNAL_PAGE = 'good_time_journal';
export const QUESTION_TEXT = {
  activity: 'Activity Description',
  energy: 'Energy Level',
  engagement: 'Engagement Level',
  flowState: 'Flow State',
  notes: 'Activity Notes',
} as const;

export interface JournalQuestion {
  id: number;
  question: string;
}

/** docs/product.md 7, calls 1 and 2: the page, then its active questions. */
export async function fetchJournalQuestions(supabase: SupabaseClient): Promise<JournalQuestion[]> {
  const page = await supabase.from('pages').select('id').eq('name', JOURNAL_PAGE).single();
  if (page.error?.code === 'PGRST116' || (!page.error && !page.data)) {
    throw new Error('Page not found');
  }
  if (page.error) throw page.error;

  const questions = await supabase
    .from('questions')
    .select('id, question')
    .eq('page_id', page.data.id)
    .eq('active', true);
  if (questions.error) throw questions.error;
  if (questions.data.length === 0) throw new Error('No questions found');
  return questions.data;
}
