import type { QueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  fetchJournalQuestions,
  fetchTagsQuestion,
  QUESTION_TEXT,
  type JournalQuestion,
} from './journal-questions.ts';
import type { JournalEntry } from './entry.ts';
import { JOURNAL_QUESTIONS_QUERY_KEY, TAGS_QUESTION_QUERY_KEY } from './query-keys.ts';

/** The unique index a re-sent entry conflicts on (migration 0017). */
const ENTRY_CONFLICT_TARGET = 'user_id,entry_key,question_id';

/**
 * docs/product.md 7, call 3: one upsert of up to five answer rows (six with
 * tags), so they share one created_at and land all or none, and, carrying the
 * entry's key with ignoreDuplicates, land once however often they are sent.
 * Numbers are stored as text, the flag as 'true'/'false'; blank notes and no
 * tags are left out. The answers to the person's own questions ride along as
 * more rows of the same upsert (docs/decisions/084), each naming its
 * question by id. `questions` must hold the 'Tags' question when the
 * entry has tags (entryQuestions gives both).
 */
export async function saveActivity(
  supabase: SupabaseClient,
  userId: string,
  questions: JournalQuestion[],
  entry: JournalEntry,
): Promise<void> {
  const tags = entry.tags ?? [];
  const answers: Record<string, string | null> = {
    [QUESTION_TEXT.activity]: entry.activity.trim(),
    [QUESTION_TEXT.energy]: String(entry.energy),
    [QUESTION_TEXT.engagement]: String(entry.engagement),
    [QUESTION_TEXT.flowState]: String(entry.flowState),
    [QUESTION_TEXT.notes]: entry.notes.trim() || null,
    [QUESTION_TEXT.tags]: tags.length > 0 ? JSON.stringify(tags) : null,
  };
  if (tags.length > 0 && !questions.some((q) => q.question === QUESTION_TEXT.tags)) {
    throw new Error('No Tags question found');
  }
  const given = questions.flatMap((q) => {
    const answer = answers[q.question];
    return answer == null ? [] : [{ id: q.id, answer }];
  });
  if (given.length === 0) throw new Error('No questions found');
  const own = Object.entries(entry.answers ?? {}).map(([id, answer]) => ({
    id: Number(id),
    answer,
  }));
  const rows = [...given, ...own].map(({ id, answer }) => {
    const row = { user_id: userId, question_id: id, answer, entry_key: entry.entryKey };
    // Without a time the database stamps the save itself (docs/product.md 3).
    return entry.createdAt ? { ...row, created_at: entry.createdAt } : row;
  });

  const { error } = await supabase
    .from('user_answers')
    .upsert(rows, { onConflict: ENTRY_CONFLICT_TARGET, ignoreDuplicates: true });
  if (error) throw error;
}

/** The questions rarely change; one lookup serves a session's saves. */
const QUESTIONS_STALE_MS = 10 * 60 * 1000;

/**
 * The questions a save of `entry` answers: the journal's (spec calls 1 and
 * 2), and the 'Tags' question only when the entry has tags. Cached.
 */
export async function entryQuestions(
  queryClient: QueryClient,
  supabase: SupabaseClient,
  entry: Pick<JournalEntry, 'tags'>,
): Promise<JournalQuestion[]> {
  const journal = await queryClient.fetchQuery({
    queryKey: JOURNAL_QUESTIONS_QUERY_KEY,
    queryFn: () => fetchJournalQuestions(supabase),
    staleTime: QUESTIONS_STALE_MS,
  });
  if (!entry.tags?.length) return journal;
  const tags = await queryClient.fetchQuery({
    queryKey: TAGS_QUESTION_QUERY_KEY,
    queryFn: () => fetchTagsQuestion(supabase),
    staleTime: QUESTIONS_STALE_MS,
  });
  return [...journal, tags];
}
