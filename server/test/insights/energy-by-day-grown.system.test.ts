import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../helpers/seed-history.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { energyByDay } from './energy-by-day-call.ts';

// public.energy_by_day (docs/decisions/040) for a person with 20,000 entries:
// a system test (docs/testing.md), since the seed takes seconds. How fast it
// answers is the bench's to measure; here, that it reads the journal through
// the index whatever the statistics say.
const ZONE = 'America/New_York';

const server = await serverForFile();
const grown = await signedInClient(server, 'pixels-grown');

const days = (client: SupabaseClient, year: number, zone = ZONE) => energyByDay(client, year, zone);

describe('energy_by_day in a grown journal', () => {
  const ENTRY_COUNT = 20_000;

  beforeAll(async () => {
    // Statistics left as they were: the plan must not depend on fresh ones.
    await seedHistory(server.database.db, grown.userId, ENTRY_COUNT, { analyze: false });
  }, 120_000);

  async function explain(sql: string): Promise<string> {
    return server.database.db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: grown.userId, role: 'authenticated' }),
      ]);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${sql}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads one year of the journal through the primary key', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const answer = await days(grown.client, year);
    // One entry every 2.4 hours: every day of a full past year has some.
    expect(answer.length).toBeGreaterThanOrEqual(365);
    expect(answer.reduce((sum, d) => sum + d.entries, 0)).toBeGreaterThan(3600);

    // The function's query, as the caller runs it.
    const plan = await explain(
      `SELECT (a.created_at AT TIME ZONE '${ZONE}')::date, count(*), round(avg(a.energy))
       FROM public.activity_entries a
       WHERE a.user_id = (SELECT auth.uid())
         AND a.created_at >= make_date(${year}, 1, 1)::timestamp AT TIME ZONE '${ZONE}'
         AND a.created_at < make_date(${year + 1}, 1, 1)::timestamp AT TIME ZONE '${ZONE}'
       GROUP BY 1`,
    );
    expect(plan).toMatch(
      /Index (Only )?Scan.*activity_entries_pkey|Bitmap Index Scan on activity_entries_pkey/,
    );
    expect(plan).not.toMatch(/Seq Scan on activity_entries/);
  }, 60_000);
});
