import { serverForFile } from './helpers/server-for-file.ts';
import { describe, expect, it } from 'vitest';
import { journalQuestions } from './rest/fixtures.ts';
import { signedInClient } from './helpers/users.ts';

// One person saving from many tabs at once, for seconds on end (an import, or
// a busy evening): every save answers 2xx and lands whole, each at an instant
// of its own (migration 0004). `npm run bench` runs the same for 30 s.
const CLIENTS = 50;
const SECONDS = 4;

const server = await serverForFile();

describe('sustained saves by one person', () => {
  it(`keeps every save of ${CLIENTS} clients over ${SECONDS} s whole`, async () => {
    const { client, userId } = await signedInClient(server, 'importer');
    const ids = await journalQuestions(client);
    const failures: unknown[] = [];
    let saved = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let n = 0; Date.now() < deadline; n++) {
          const { error, status } = await client.from('user_answers').insert([
            {
              user_id: userId,
              question_id: ids.get('Activity Description'),
              answer: `c${c} n${n}`,
            },
            { user_id: userId, question_id: ids.get('Energy Level'), answer: String(n % 101) },
            { user_id: userId, question_id: ids.get('Engagement Level'), answer: String(c) },
            { user_id: userId, question_id: ids.get('Flow State'), answer: 'true' },
            { user_id: userId, question_id: ids.get('Activity Notes'), answer: 'busy' },
          ]);
          if (error || status !== 201) failures.push({ status, error });
          else saved++;
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(saved).toBeGreaterThan(CLIENTS);

    const { count, error } = await client
      .from('activities')
      .select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(saved);
    // Whole: five answers at each instant, none shared between two saves.
    const perInstant = await server.database.db.query<{ answers: number | string }>(
      `SELECT count(*) AS answers FROM public.user_answers WHERE user_id = $1 GROUP BY created_at`,
      [userId],
    );
    expect(perInstant.rows.length).toBe(saved);
    expect(perInstant.rows.every((r) => Number(r.answers) === 5)).toBe(true);
  }, 60_000);
});
