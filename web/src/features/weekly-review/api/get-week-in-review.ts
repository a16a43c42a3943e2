import type { SupabaseClient } from '@supabase/supabase-js';
import { dataOf } from '../../../session/data-answer.ts';
import { useSignedInQuery } from '../../../session/signed-in-query.ts';
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

/**
 * One of the week's entries in flow. `notes` holds the start of the notes;
 * `notes_cut` says there is more, which useWholeNote reads (ADR 087).
 */
export interface FlowMoment {
  created_at: string;
  activity: string;
  notes: string | null;
  notes_cut: boolean;
}

/**
 * What public.week_in_review() returns (server/db/app/functions/week_in_review.sql).
 * Each list holds at most 50 items; its count says how many there are.
 */
export interface WeekInReview {
  week_start: string;
  week_end: string;
  time_zone: string;
  entries: number;
  energized: WeekActivity[];
  energized_count: number;
  drained: WeekActivity[];
  drained_count: number;
  /** The most recent of the week's flow moments, oldest first. */
  flow: FlowMoment[];
  flow_count: number;
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
  return dataOf<WeekInReview>(
    supabase.rpc('week_in_review', { week: monday, time_zone: timeZone }),
  );
}

/** The week's lists and last week's plan checked, computed in the database in one call. */
export function useWeekInReview(monday: string) {
  const timeZone = browserTimeZone();
  return useSignedInQuery(
    (userId) => weeklyReviewQueryKeys.week(userId, monday, timeZone),
    (supabase) => fetchWeekInReview(supabase, monday, timeZone),
  );
}
