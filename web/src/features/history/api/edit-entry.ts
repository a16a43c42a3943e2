import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../session/clients-context.tsx';
import { ACTIVITIES_QUERY_KEY } from '../../../journal/query-keys.ts';
import { requireConnection } from '../../../lib/require-connection.ts';
import type { EntryChanges } from '../../../journal/entry.ts';

// Changing and removing an entry (docs/decisions/019): an edit is one rpc
// call, atomic in the database; a delete hands back the answer rows it
// removed, and undo inserts exactly those rows again.

/** An answer row as stored; what undo puts back. */
export interface AnswerRow {
  user_id: string;
  question_id: number;
  answer: string;
  created_at: string;
  /** The entry's device-made key (docs/decisions/035), kept so undo restores it too. */
  entry_key: string | null;
}

/**
 * Changes the entry at `entryTime`; answers its time as now stored. Its own
 * answers (docs/decisions/084) are sent only when `answersChanged`: they then
 * replace the entry's, and left out they stay as they are.
 */
export async function updateEntry(
  supabase: SupabaseClient,
  entryTime: string,
  changes: EntryChanges,
  answersChanged = false,
): Promise<string> {
  const { data, error } = await supabase.rpc('update_entry', {
    entry_time: entryTime,
    activity: changes.activity.trim(),
    energy: changes.energy,
    engagement: changes.engagement,
    flow_state: changes.flowState,
    notes: changes.notes.trim() || null,
    new_time: changes.createdAt,
    tags: changes.tags,
    ...(answersChanged ? { answers: changes.answers } : {}),
  });
  if (error) throw error;
  return (data as { created_at: string }).created_at;
}

export async function deleteEntry(
  supabase: SupabaseClient,
  entryTime: string,
): Promise<AnswerRow[]> {
  const { data, error } = await supabase
    .from('user_answers')
    .delete()
    .eq('created_at', entryTime)
    .select('user_id, question_id, answer, created_at, entry_key')
    .returns<AnswerRow[]>();
  if (error) throw error;
  return data;
}

export async function restoreEntry(supabase: SupabaseClient, rows: AnswerRow[]): Promise<void> {
  const { error } = await supabase.from('user_answers').insert(rows);
  if (error) throw error;
}

/** Every change to an entry refreshes the history and the insights built on it. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY });
}

export function useUpdateEntry() {
  const supabase = useDataClient();
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: ({
      entryTime,
      changes,
      answersChanged,
    }: {
      entryTime: string;
      changes: EntryChanges;
      answersChanged: boolean;
    }) => {
      requireConnection();
      return updateEntry(supabase, entryTime, changes, answersChanged);
    },
    onSettled,
  });
}

export function useDeleteEntry() {
  const supabase = useDataClient();
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: (entryTime: string) => {
      requireConnection();
      return deleteEntry(supabase, entryTime);
    },
    onSettled,
  });
}

export function useRestoreEntry() {
  const supabase = useDataClient();
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: (rows: AnswerRow[]) => {
      requireConnection();
      return restoreEntry(supabase, rows);
    },
    onSettled,
  });
}
