import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { energyByDay } from './energy-by-day-call.ts';
import { logEntries, type TimedEntry } from './log-entry.ts';

// public.energy_by_day(year, time_zone): Insights' "Year in pixels"
// (docs/decisions/040). Days are the person's, in their zone.
const ZONE = 'America/New_York';

const e = (energy: number, at: string): TimedEntry => ({
  activity: 'Walk',
  energy,
  engagement: 50,
  at,
});

const ENTRIES: TimedEntry[] = [
  // 31 December 2024, 22:00 in New York: 2024 there, 2025 in UTC.
  e(10, '2025-01-01T03:00:00Z'),
  // 28 February 2025, 23:30 in New York (1 March in UTC).
  e(40, '2025-03-01T04:30:00Z'),
  // 1 March 2025, 00:30 and 15:00 in New York: average 75.5, shown as 76.
  e(70, '2025-03-01T05:30:00Z'),
  e(81, '2025-03-01T20:00:00Z'),
  // 31 December 2025, 23:30 in New York: still 2025 there.
  e(90, '2026-01-01T04:30:00Z'),
];

const server = await serverForFile();
const owner = await signedInClient(server, 'pixels-owner');
const stranger = await signedInClient(server, 'pixels-stranger');
const anon = server.client();
await logEntries(owner.client, owner.userId, ENTRIES);

const days = (client: SupabaseClient, year: number, zone = ZONE) => energyByDay(client, year, zone);

describe('energy_by_day', () => {
  it("groups a year's entries by the person's local day, averaging energy", async () => {
    expect(await days(owner.client, 2025)).toEqual([
      { day: '2025-02-28', entries: 1, avg_energy: 40 },
      { day: '2025-03-01', entries: 2, avg_energy: 76 },
      { day: '2025-12-31', entries: 1, avg_energy: 90 },
    ]);
    expect(await days(owner.client, 2024)).toEqual([
      { day: '2024-12-31', entries: 1, avg_energy: 10 },
    ]);
  });

  it('moves the days with the zone', async () => {
    expect(await days(owner.client, 2025, 'UTC')).toEqual([
      { day: '2025-01-01', entries: 1, avg_energy: 10 },
      { day: '2025-03-01', entries: 3, avg_energy: 64 },
    ]);
    expect(await days(owner.client, 2026, 'UTC')).toEqual([
      { day: '2026-01-01', entries: 1, avg_energy: 90 },
    ]);
  });

  it('shows another person nothing and refuses anon', async () => {
    expect(await days(stranger.client, 2025)).toEqual([]);
    const asAnon = await anon.rpc('energy_by_day', { year: 2025, time_zone: ZONE });
    expect(asAnon.status).toBe(401);
    expect(asAnon.data).toBeNull();
  });

  it.each([
    [{ year: 2025, time_zone: 'Mars/Olympus_Mons' }, '22023', 'not a known time zone'],
    [{ year: 2025, time_zone: 'UTC+3' }, '22023', 'not an IANA time zone name'],
    [{ year: 2025, time_zone: '' }, '22023', 'time_zone is required'],
    [{ year: 1969, time_zone: ZONE }, '22023', 'year must be between'],
    [{ year: 99_999, time_zone: ZONE }, '22023', 'year must be between'],
    [{ year: null, time_zone: ZONE }, '22023', 'year must be between'],
    [{ year: 'last', time_zone: ZONE }, '22P02', ''],
    [{ year: 2_147_483_648, time_zone: ZONE }, '22003', ''],
  ])('answers %j with a 400 that says why', async (args, code, message) => {
    const { error, status } = await owner.client.rpc('energy_by_day', args);
    expect(status).toBe(400);
    expect(error?.code).toBe(code);
    expect(error?.message).toContain(message);
  });
});
