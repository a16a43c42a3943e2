import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback } from 'react';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { dataOf } from '../../../session/data-answer.ts';
import { DEFAULT_PERIOD, PERIODS, type PeriodId } from '../periods.ts';
import { insightsQueryKeys } from './query-keys.ts';

export interface RankedActivity {
  key: string;
  name: string;
  entries: number;
  avg_energy: number;
  avg_engagement: number;
  flow_share: number;
  sd_energy: number;
  /** Half-width of the 95% interval of the mean energy. */
  margin: number;
  interval_low: number;
  interval_high: number;
}

export interface Averages {
  entries: number;
  avg_energy: number | null;
  avg_engagement: number | null;
}

export interface WeekActivity {
  name: string;
  avg_energy: number;
  entries: number;
}

export interface WeekSummary {
  week_start: string;
  entries: number;
  entries_last_week: number;
  avg_energy: number | null;
  avg_energy_last_week: number | null;
  flow_entries: number;
  best: WeekActivity | null;
  lowest: WeekActivity | null;
}

/**
 * The rules of the ranking and the comparisons, as the insights function
 * applies them. The tab states them from here, so that they are written down
 * once, in the database.
 */
export interface Thresholds {
  /** Entries an activity needs in the period to be ranked. */
  min_entries: number;
  /** Average energy (0–100) from which an activity is an energizer; below it, a drainer. */
  energizer_min_energy: number;
  /** The most activities that Energizers, and Drainers, each list. */
  max_listed: number;
  /** Entries needed with an activity or tag, and as many without, to compare them. */
  comparison_min_each: number;
  /** Days that must hold entries both with and without it. */
  comparison_min_days: number;
  /** The false-discovery rate kept over every comparison of the screen (0.05). */
  false_discovery_rate: number;
  /** The most own yes-or-no questions asked with every entry that are compared. */
  max_compared_questions: number;
  /** Days with an answer an own question needs before Your questions relates it to energy. */
  question_min_days: number;
  /** Days answered Yes, and as many answered No, a once-a-day yes-or-no question needs. */
  question_min_days_each_answer: number;
  /** Days an answer of a scale (or Yes, or No) needs for its own average. */
  question_min_level_days: number;
  /** The false-discovery rate kept over the fits of Your questions (0.05). */
  question_false_discovery_rate: number;
}

/**
 * One activity, tag or own yes-or-no question asked with every entry, with
 * everything else held fixed (docs/decisions/083, 085): its difference in
 * energy or engagement points from its reference (an activity: your
 * typical activity; a tag: the entries without it; a question answered
 * Yes: the entries answered No), at the same time of day, within the same
 * days; the 95% interval counts days. A question's key is its id.
 */
export interface Comparison {
  kind: 'activity' | 'tag' | 'question';
  key: string;
  name: string;
  reference: 'typical_activity' | 'without_tag' | 'answered_no';
  entries_with: number;
  entries_without: number;
  days_with: number;
  days_without: number;
  difference: number;
  interval_low: number;
  interval_high: number;
  p_value: number;
  /** Benjamini–Hochberg over every comparison of both measures. */
  q_value: number;
  /** Clear: kept after all the screen's comparisons, and the interval excludes zero. */
  excludes_zero: boolean;
  /** About how many more days with it would usually settle an unclear one; null if unlikely. */
  more_days: number | null;
}

/** The average energy at one answer of a scale (1–5) or a yes-or-no question (1 Yes, 0 No). */
export interface AnswerLevel {
  answer: number;
  days: number;
  /** Entries that gave it; for a once-a-day question, the entries of those days. */
  entries: number;
  avg_energy: number;
  interval_low: number;
  interval_high: number;
}

/**
 * How energy goes with one of the person's own questions (docs/decisions/085):
 * a number or scale question, or a yes-or-no question asked once a day.
 */
export interface OwnQuestionFinding {
  id: number;
  question: string;
  answer_type: 'yes_no' | 'number' | 'scale';
  asked: 'entry' | 'day';
  unit: string | null;
  label_1: string | null;
  label_5: string | null;
  /** Days in the period with an answer. */
  days: number;
  /** Entries that answered it; for a once-a-day question, the entries of those days. */
  entries: number;
  /** Enough answers to relate it to energy. */
  ready: boolean;
  /** Enough days, but every answer the same. */
  same_answers: boolean;
  /** More days with an answer it needs (0 when it has enough). */
  more_days: number;
  /** For a yes-or-no question: more days answered Yes, and No, it needs. */
  more_days_yes: number | null;
  more_days_no: number | null;
  /** For a scale or yes-or-no question, the answers given on enough days, in order. */
  levels: AnswerLevel[];
  /**
   * Energy points per unit (a number), per step (a scale), or Yes days
   * against No days (a once-a-day yes-or-no); null until ready.
   */
  fit: {
    estimate: number;
    interval_low: number;
    interval_high: number;
    degrees_of_freedom: number;
    p_value: number;
    /** Benjamini–Hochberg over every fit of Your questions. */
    q_value: number;
    clear: boolean;
  } | null;
}

/** A suggestion of "What to try": one clear comparison and its measure. */
export type Suggestion = Comparison & { measure: 'energy' | 'engagement' };

/** What public.insights() returns (server/db/app/functions/insights.sql). */
export interface Insights {
  period_days: number | null;
  time_zone: string;
  entries: number;
  activities: number;
  energizers: RankedActivity[];
  drainers: RankedActivity[];
  ranked: RankedActivity[];
  needs_more: Array<{ key: string; name: string; entries: number }>;
  trend_unit: 'day' | 'week';
  trend: Array<Averages & { start: string }>;
  parts_of_day: Array<Averages & { part: 'morning' | 'afternoon' | 'evening' | 'night' }>;
  weekdays: Array<Averages & { weekday: number }>;
  week: WeekSummary;
  /** Clear ones first, then the rest; each by size. */
  comparisons: { energy: Comparison[]; engagement: Comparison[] };
  /** At most three clear comparisons, energy first, largest first. */
  to_try: Suggestion[];
  /** How many comparisons the screen made, both measures together. */
  comparisons_made: number;
  /** The activities whose average is "your typical activity", per measure. */
  typical_activities: Record<'energy' | 'engagement', Array<{ key: string; name: string }>>;
  /** Your questions: each own number, scale and once-a-day yes-or-no question, in the order made. */
  own_questions: OwnQuestionFinding[];
  thresholds: Thresholds;
}

/** The browser's IANA zone, so days and weekdays are the person's own. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function fetchInsights(
  supabase: SupabaseClient,
  days: number | null,
  timeZone: string,
): Promise<Insights> {
  // POST: a GET query string cannot say null (all time), only the text "null".
  const insights = await dataOf<Insights>(
    supabase.rpc('insights', { period_days: days, time_zone: timeZone }),
  );
  // A hosted project whose functions predate this app (the functions script
  // not applied again): say so rather than show rules without their numbers.
  if (
    !insights.thresholds ||
    !insights.comparisons ||
    !insights.typical_activities ||
    !insights.own_questions
  ) {
    throw new Error('the database runs an older insights function; apply the current functions');
  }
  return insights;
}

function insightsQuery(supabase: SupabaseClient, userId: string, period: PeriodId) {
  const days = PERIODS.find((p) => p.id === period)?.days ?? null;
  const timeZone = browserTimeZone();
  return queryOptions({
    queryKey: insightsQueryKeys.insights(userId, period, timeZone),
    queryFn: () => fetchInsights(supabase, days, timeZone),
  });
}

export function useInsights(period: PeriodId) {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  return useQuery({
    ...insightsQuery(supabase, userId, period),
    placeholderData: keepPreviousData,
  });
}

/** The numbers of the default period, fetched ahead so the tab opens with them. */
export function usePrefetchInsights(): () => void {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.prefetchQuery(insightsQuery(supabase, userId, DEFAULT_PERIOD)),
    [queryClient, supabase, userId],
  );
}
