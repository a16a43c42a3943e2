import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ACTIVITY_ROW_COLUMNS, type ActivityRow } from '../../../journal/entry-row.ts';
import { trackQueryKeys } from './query-keys.ts';
import { localDayRange, monthAgo, yearAgo, type LocalDay } from '../past-days.ts';

/** Entries listed on the card at most; a day rarely has more. */
const MOST_SHOWN = 20;

export interface OnThisDay {
  ago: 'year' | 'month';
  entries: ActivityRow[];
}

function dayEntries(supabase: SupabaseClient, userId: string, day: LocalDay, signal: AbortSignal) {
  const { from, to } = localDayRange(day);
  // A range of the primary key (user_id, created_at).
  return supabase
    .from('activities')
    .select(ACTIVITY_ROW_COLUMNS)
    .eq('user_id', userId)
    .gte('created_at', from)
    .lt('created_at', to)
    .order('created_at', { ascending: true })
    .limit(MOST_SHOWN)
    .abortSignal(signal)
    .returns<ActivityRow[]>();
}

/**
 * The entries of the same day a year ago; when the journal has nothing that
 * old, those of a month ago. Null when there is nothing to show: TanStack
 * Query takes undefined for a failed query, which would log an error and
 * read everything again (the app's cache retries a failed query once).
 *
 * Up to three reads, one after the other. Once `signal` aborts (TanStack
 * Query aborts it when the query cache empties at sign-out or when another
 * person signs in: app/signed-in-cache.ts), the read in flight is dropped and
 * no later one is sent: it would go out with no session, or another
 * person's, and be refused with 401.
 */
export async function fetchOnThisDay(
  supabase: SupabaseClient,
  userId: string,
  today: Date,
  signal: AbortSignal,
): Promise<OnThisDay | null> {
  const aYearAgo = yearAgo(today);
  const year = await dayEntries(supabase, userId, aYearAgo, signal);
  signal.throwIfAborted();
  if (year.error) throw year.error;
  if (year.data.length > 0) return { ago: 'year', entries: year.data };

  const older = await supabase
    .from('activities')
    .select('created_at')
    .eq('user_id', userId)
    .lt('created_at', localDayRange(aYearAgo).to)
    .limit(1)
    .abortSignal(signal);
  signal.throwIfAborted();
  if (older.error) throw older.error;
  if (older.data.length > 0) return null;

  const month = await dayEntries(supabase, userId, monthAgo(today), signal);
  signal.throwIfAborted();
  if (month.error) throw month.error;
  return month.data.length > 0 ? { ago: 'month', entries: month.data } : null;
}

const localDate = (now: Date) => `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;

/** The card's query; a test runs it as the card does, in the app's query cache. */
export function onThisDayQuery(supabase: SupabaseClient, userId: string, now: Date) {
  return queryOptions({
    queryKey: trackQueryKeys.onThisDay(userId, localDate(now)),
    queryFn: ({ signal }) => fetchOnThisDay(supabase, userId, now, signal),
  });
}

/**
 * The client and the person come from Track: this lazily loaded chunk then
 * shares no module with the login screen, which would split one out of the
 * login bundle (docs/decisions/040).
 */
export function useOnThisDay(supabase: SupabaseClient, userId: string) {
  return useQuery(onThisDayQuery(supabase, userId, new Date()));
}
