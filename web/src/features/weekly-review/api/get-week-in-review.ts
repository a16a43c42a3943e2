import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import type { PlanKind } from '../../../journal/weekly-review-row.ts';
import { weeklyReviewQueryKeys } from './query-keys.ts';

export interface WeekActivity {
  key: string;
  name: string;
  entries: number;
  avg_energy: number;
}

/** One planned activity or tag of last week's review, against the journal. */
export interface PlanCheck {
  plan: 'more' | 'less';
  kind: PlanKind;
  name: string;
  entries: number;
  avg_energy: number | null;
  entries_before: number;
  avg_energy_before: number | null;
}

/** What public.week_in_review() returns (server/db/app/functions/week_in_review.sql). */
export interface WeekInReview {
  week_start: string;
  week_end: string;
  time_zone: string;
  entries: number;
  energized: WeekActivity[];
  drained: WeekActivity[];
  flow: Array<{ created_at: string; activity: string; notes: string | null }>;
  planned: { week_start: string; how: string; checks: PlanCheck[] } | null;
  thresholds: { energizer_min_energy: number };
}

/** The browser's IANA zone: the person's weeks are their own. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function fetchWeekInReview(
  supabase: SupabaseClient,
  monday: string,
  timeZone: string,
): Promise<WeekInReview> {
  const { data, error } = await supabase.rpc('week_in_review', {
    week: monday,
    time_zone: timeZone,
  });
  if (error) throw error;
  return data as WeekInReview;
}

/** The week's lists and last week's plan checked, computed in the database in one call. */
export function useWeekInReview(monday: string) {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  const timeZone = browserTimeZone();
  return useQuery(
    queryOptions({
      queryKey: weeklyReviewQueryKeys.week(userId, monday, timeZone),
      queryFn: () => fetchWeekInReview(supabase, monday, timeZone),
    }),
  );
}
