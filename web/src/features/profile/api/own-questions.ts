import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { requireConnection } from '../../../lib/require-connection.ts';
import { ownQuestionsQueryKey } from '../../../journal/query-keys.ts';
import type { OwnQuestion } from '../../../journal/own-questions.ts';
import { errorMessage } from '../../../lib/error-message.ts';

// Defining, changing, hiding and showing again the person's own questions
// (docs/decisions/084): PostgREST inserts and updates of `questions`. The
// database checks each one whole (check_own_question) and refuses with a
// message that says what to change; the form shows it.

/** What the form sends: every field of a question but its id and whether it is shown. */
export type QuestionFields = Omit<OwnQuestion, 'id' | 'active'>;

/** The database's refusal whole: what is wrong, the detail and what to do. */
export function refusalText(error: unknown): string {
  const { details, hint } = (error ?? {}) as { details?: unknown; hint?: unknown };
  return [errorMessage(error), details, hint]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

export async function addQuestion(supabase: SupabaseClient, fields: QuestionFields) {
  const { error } = await supabase.from('questions').insert(fields);
  if (error) throw error;
}

export async function changeQuestion(
  supabase: SupabaseClient,
  id: number,
  changes: Partial<QuestionFields> | { active: boolean },
) {
  const { error } = await supabase.from('questions').update(changes).eq('id', id);
  if (error) throw error;
}

/** Whether the question has answers: then its answer type stays as it is. */
export async function hasAnswers(supabase: SupabaseClient, id: number): Promise<boolean> {
  const { count, error } = await supabase
    .from('user_answers')
    .select('question_id', { count: 'exact', head: true })
    .eq('question_id', id);
  if (error) throw error;
  return (count ?? 0) > 0;
}

/** Saves a new question (no id) or changes one; the questions are then read again. */
export function useSaveQuestion() {
  const supabase = useDataClient();
  const queryClient = useQueryClient();
  const { id: userId } = useSignedInUser();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: number | undefined; fields: QuestionFields }) => {
      requireConnection();
      return id === undefined
        ? addQuestion(supabase, fields)
        : changeQuestion(supabase, id, fields);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownQuestionsQueryKey(userId) }),
  });
}

/** Hides a question (no longer asked; its answers stay) or shows it again. */
export function useShowQuestion() {
  const supabase = useDataClient();
  const queryClient = useQueryClient();
  const { id: userId } = useSignedInUser();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => {
      requireConnection();
      return changeQuestion(supabase, id, { active });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownQuestionsQueryKey(userId) }),
  });
}

/** Whether the question being edited has answers; asked afresh each time the form opens. */
export function useHasAnswers(id: number | undefined) {
  const supabase = useDataClient();
  return useQuery({
    queryKey: ['own-question-answered', id],
    queryFn: () => hasAnswers(supabase, id!),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
