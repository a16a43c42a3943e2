import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH } from '../../src/rest/parse-filter.ts';
import { MAX_PATTERNS } from '../../src/rest/query-limits.ts';
import { seedHistory } from '../helpers/seed-history.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// Years of journal: the attacker's own rows are what a costly filter scans.
const ATTACKER_ACTIVITIES = 20_000;
// The longest texts the database stores (migration 0015), made of the
// characters that cost ilike the most: each changes under lower() and takes
// two bytes, so every row is case-folded and scanned at full length.
const LONGEST_ACTIVITY = 500;
const LONGEST_NOTES = 2000;
const COSTLY_TEXT = 'İǅ';
// The attacker's requests in flight at once (a browser opens six per host; a script more).
const PARALLEL_HEAVY = 12;

/** The costliest filter the data API accepts: as many long patterns as it allows, all columns. */
function heaviestQuery(patterns: number, patternLength: number): string {
  const pattern = ('*a' + '_'.repeat(3))
    .repeat(Math.ceil(patternLength / 5))
    .slice(0, patternLength);
  const items = Array.from({ length: patterns }, (_, i) =>
    i % 2 === 0 ? `notes.ilike.${pattern}` : `activity.ilike.${pattern}`,
  );
  return `select=*&or=(${items.map((s) => encodeURIComponent(s)).join(',')})&order=notes.desc`;
}

/** Gives every entry of the person the longest activity and notes the database accepts. */
async function fillWithLongestTexts(server: TestServer, userId: string): Promise<void> {
  const longest = (length: number) => COSTLY_TEXT.repeat(length / COSTLY_TEXT.length);
  await server.database.db.query(
    `UPDATE public.user_answers a
     SET answer = CASE q.question WHEN 'Activity Description' THEN $2 ELSE $3 END
     FROM public.questions q
     WHERE q.id = a.question_id AND a.user_id = $1
       AND q.question IN ('Activity Description', 'Activity Notes')`,
    [userId, longest(LONGEST_ACTIVITY), longest(LONGEST_NOTES)],
  );
  await server.database.db.exec('ANALYZE');
}

describe('one user cannot stall another', () => {
  let server: TestServer;
  let attacker: SignedInUser;
  let victim: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    attacker = await signedInClient(server, 'attacker');
    victim = await signedInClient(server, 'victim');
    await seedHistory(server.database.db, attacker.userId, ATTACKER_ACTIVITIES);
    await fillWithLongestTexts(server, attacker.userId);
    await seedHistory(server.database.db, victim.userId, 500);
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers a history page within 1 s while another user sends the heaviest requests', async () => {
    const heavy = heaviestQuery(MAX_PATTERNS, MAX_PATTERN_LENGTH);
    let stop = false;
    const statuses: number[] = [];
    const hammer = async () => {
      while (!stop) {
        const res = await fetch(`${server.url}/rest/v1/activities?${heavy}`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${attacker.accessToken}` },
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const attackers = Array.from({ length: PARALLEL_HEAVY }, hammer);
    await new Promise((r) => setTimeout(r, 500));
    const timings: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const { data, error } = await victim.client
        .from('activities')
        .select('created_at, activity, energy, engagement, flow_state, notes')
        .eq('user_id', victim.userId)
        .order('created_at', { ascending: false })
        .limit(50);
      timings.push(performance.now() - started);
      expect(error).toBeNull();
      expect(data).toHaveLength(50);
    }
    stop = true;
    await Promise.all(attackers);
    console.log('victim page ms', timings.map(Math.round), 'attacker statuses', [
      ...new Set(statuses),
    ]);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(Math.max(...timings)).toBeLessThan(1000);
  }, 300_000);
});
