import { serverForFile } from './helpers/server-for-file.ts';
import { describe, expect, it } from 'vitest';
import { journalQuestions } from './rest/fixtures.ts';
import { signedInClient } from './helpers/users.ts';

// Many tabs and devices at once: on PGlite every request queues for the one
// connection, on PostgreSQL they run side by side. Either way nothing is lost
// and no activity's rows mix with another's.
const SAVES = 20;

const server = await serverForFile();

describe('concurrent requests', () => {
  it(`keeps ${SAVES} simultaneous saves apart while reads and refreshes run`, async () => {
    const { client, userId } = await signedInClient(server, 'busy');
    const ids = await journalQuestions(client);
    const save = (n: number) =>
      client.from('user_answers').insert([
        { user_id: userId, question_id: ids.get('Activity Description'), answer: `Task ${n}` },
        { user_id: userId, question_id: ids.get('Energy Level'), answer: String(n) },
        { user_id: userId, question_id: ids.get('Engagement Level'), answer: String(100 - n) },
        { user_id: userId, question_id: ids.get('Flow State'), answer: String(n % 2 === 0) },
      ]);
    const results = await Promise.all([
      ...Array.from({ length: SAVES }, (_, n) => save(n)),
      ...Array.from({ length: 5 }, () => client.from('activities').select('activity')),
      ...Array.from({ length: 3 }, () => client.auth.getUser()),
    ]);
    expect(results.map((r) => r.error)).toEqual(results.map(() => null));

    const { data, error } = await client
      .from('activities')
      .select('activity, energy, engagement, flow_state')
      .order('energy');
    expect(error).toBeNull();
    expect(data).toEqual(
      Array.from({ length: SAVES }, (_, n) => ({
        activity: `Task ${n}`,
        energy: n,
        engagement: 100 - n,
        flow_state: n % 2 === 0,
      })),
    );
  });
});
