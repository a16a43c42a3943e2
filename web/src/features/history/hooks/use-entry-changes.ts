import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/app-context.tsx';
import {
  deleteEntry,
  restoreEntry,
  updateEntry,
  type AnswerRow,
  type EntryChanges,
} from '../api/edit-entry.ts';
import { ACTIVITIES_QUERY_KEY } from './activities-query-key.ts';

/** Every change to an entry refreshes the history and the insights built on it. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY });
}

export function useUpdateEntry() {
  const supabase = useSupabase();
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: ({ entryTime, changes }: { entryTime: string; changes: EntryChanges }) =>
      updateEntry(supabase, entryTime, changes),
    onSettled,
  });
}

export function useDeleteEntry() {
  const supabase = useSupabase();
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: (entryTime: string) => deleteEntry(supabase, entryTime),
    onSettled,
  });
}

export function useRestoreEntry() {
  const supabase = useSupabase();
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: (rows: AnswerRow[]) => restoreEntry(supabase, rows),
    onSettled,
  });
}
