import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { dataOf } from '../../../session/data-answer.ts';
import { browserTimeZone } from './get-insights.ts';
import { insightsQueryKeys } from './query-keys.ts';

/** A day of the year with entries, as public.energy_by_day() gives it. */
export interface DayEnergy {
  /** YYYY-MM-DD, the person's local date. */
  day: string;
  entries: number;
  /** Whole percent. */
  avg_energy: number;
}

/** The days of one calendar year that have entries, computed in the database in the person's zone. */
export async function fetchEnergyByDay(
  supabase: SupabaseClient,
  year: number,
  timeZone: string,
): Promise<DayEnergy[]> {
  return dataOf<DayEnergy[]>(supabase.rpc('energy_by_day', { year, time_zone: timeZone }));
}

export function useEnergyByDay(year: number) {
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: insightsQueryKeys.energyByDay(userId, year, timeZone),
    queryFn: () => fetchEnergyByDay(supabase, year, timeZone),
    placeholderData: keepPreviousData,
  });
}
