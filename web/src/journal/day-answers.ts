import type { SupabaseClient } from '@supabase/supabase-js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataClient } from '../session/clients-context.tsx';
import { useSignedInUser } from '../session/signed-in-session.tsx';
import { dataOf } from '../session/data-answer.ts';
import { todayText } from '../lib/calendar-days.ts';
import { ACTIVITIES_QUERY_KEY } from './query-keys.ts';

// The day's answers to once-a-day questions (docs/decisions/084): of each
// local day and question, the latest answer given that day, in the
// device's zone (public.day_answers). Track asks a question only until the
// day has one; Look Back shows them with each entry of the day.

export interface DayAnswer {
  /** The local date, YYYY-MM-DD. */
  day: string;
  question_id: number;
  answer: string;
  /** The time of the entry that holds it. */
  created_at: string;
}

/** What day_answers reads at most in one call. */
const MAX_DAYS_PER_CALL = 400;

/** The device's IANA zone: the zone the person's days are counted in. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Local midnight of a YYYY-MM-DD date on this device. */
function startOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** Local midnight after a YYYY-MM-DD date. */
function endOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1);
}

/** The day's answers of the local dates `first` to `last` (YYYY-MM-DD, inclusive). */
export async function fetchDayAnswers(
  supabase: SupabaseClient,
  first: string,
  last: string,
): Promise<DayAnswer[]> {
  const answers: DayAnswer[] = [];
  // A long stretch of a sparse journal is read in windows the function takes.
  for (let since = startOf(first); since < endOf(last);) {
    const windowEnd = new Date(
      since.getFullYear(),
      since.getMonth(),
      since.getDate() + MAX_DAYS_PER_CALL,
    );
    const until = windowEnd < endOf(last) ? windowEnd : endOf(last);
    const data = await dataOf<DayAnswer[]>(
      supabase.rpc('day_answers', {
        since: since.toISOString(),
        until: until.toISOString(),
        time_zone: deviceTimeZone(),
      }),
    );
    answers.push(...data);
    since = until;
  }
  return answers;
}

/** A local date's answers, question id to answer text. */
export type DayAnswersByDay = ReadonlyMap<string, Readonly<Record<string, string>>>;

export function byDay(answers: readonly DayAnswer[]): DayAnswersByDay {
  const days = new Map<string, Record<string, string>>();
  for (const { day, question_id, answer } of answers) {
    days.set(day, { ...days.get(day), [String(question_id)]: answer });
  }
  return days;
}

/**
 * The day's answers of the local dates `first` to `last`; asked only when
 * `enabled` (the person has once-a-day questions). Under the activities
 * key: a save, an edit or a delete refreshes them, and they are kept on the
 * device for an app started offline.
 */
export function useDayAnswers(first: string, last: string, enabled: boolean) {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, userId, 'day-answers', first, last],
    queryFn: () => fetchDayAnswers(supabase, first, last),
    select: byDay,
    // Look Back's range grows as pages load: the days shown keep their answers meanwhile.
    placeholderData: keepPreviousData,
    enabled: enabled && first !== '' && last !== '',
  });
}

/**
 * The answers of the local day `at` falls on (now when absent), question id
 * to answer text; undefined while unknown.
 */
export function useAnswersOfDay(at: Date | undefined, enabled: boolean) {
  const day = todayText(at);
  return useDayAnswers(day, day, enabled).data?.get(day);
}
