import type { SupabaseClient } from '@supabase/supabase-js';

/** docs/product.md 3: the journal page and the texts its active questions are matched by. */
export const JOURNAL_PAGE = 'good_time_journal';
export const QUESTION_TEXT = {
  activity: 'Activity Description',
  energy: 'Energy Level',
  engagement: 'Engagement Level',
  flowState: 'Flow State',
  notes: 'Activity Notes',
  /** On a page of its own, so that the spec's five questions stay as they are (ADR 038). */
  tags: 'Tags',
} as const;

/** The page of the 'Tags' question (server/db/app/0019_tags.sql). */
export const CONTEXT_PAGE = 'entry_context';

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

/**
 * The 'Tags' question of the context page, asked only when an entry has
 * tags, so a save without them makes exactly the spec's calls.
 */
export async function fetchTagsQuestion(supabase: SupabaseClient): Promise<JournalQuestion> {
  const page = await supabase.from('pages').select('id').eq('name', CONTEXT_PAGE).maybeSingle();
  if (page.error) throw page.error;
  if (!page.data) throw new Error('This server does not keep tags yet');
  const question = await supabase
    .from('questions')
    .select('id, question')
    .eq('page_id', page.data.id)
    .eq('question', QUESTION_TEXT.tags)
    .eq('active', true)
    .maybeSingle();
  if (question.error) throw question.error;
  if (!question.data) throw new Error('This server does not keep tags yet');
  return question.data;
}
