import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';

export type Day = { day: string; entries: number; avg_energy: number };

/** public.energy_by_day as the app calls it; fails the test on an error. */
export async function energyByDay(
  client: SupabaseClient,
  year: number,
  zone: string,
): Promise<Day[]> {
  const { data, error } = await client.rpc('energy_by_day', { year, time_zone: zone });
  expect(error).toBeNull();
  return data as Day[];
}
