import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { logEntries } from '../insights/log-entry.ts';

// The storage quota of one account (docs/security-bounds.md): counted as the journal
// changes, refused with a clear 413 when a write would pass it, and made room
// for again by deleting. Reaching 500,000 real answers would take minutes, so
// the tests start from a count just under the limit.

const server = await serverForFile();

const MAX_ANSWERS = 500_000;

async function usageOf(userId: string) {
  const { rows } = await server.database.db.query<{ answers: string; bytes: string }>(
    `SELECT answers, bytes FROM journal_private.account_usage WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ? { answers: Number(rows[0].answers), bytes: Number(rows[0].bytes) } : undefined;
}

async function answersOf(user: SignedInUser): Promise<number> {
  const { count } = await user.client
    .from('user_answers')
    .select('*', { count: 'exact', head: true });
  return count ?? -1;
}

const entry = (minutesAgo: number, activity = 'Reading') => ({
  activity,
  energy: 70,
  engagement: 60,
  at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

describe('the storage quota of an account', () => {
  it('counts what an account holds as it saves, edits and deletes', async () => {
    const user = await signedInClient(server, 'quota-count');
    const first = entry(3, 'Reading');
    await logEntries(user.client, user.userId, [first, entry(2, 'Café ☕')]);
    // Four answers an entry: activity, energy '70', engagement '60', flow 'false'.
    const bytes = 2 * (2 + 2 + 5) + 'Reading'.length + Buffer.byteLength('Café ☕');
    expect(await usageOf(user.userId)).toEqual({ answers: 8, bytes });

    const { error } = await user.client.rpc('update_entry', {
      entry_time: first.at,
      activity: 'A much longer description',
      energy: 70,
      engagement: 60,
      flow_state: false,
    });
    expect(error).toBeNull();
    expect((await usageOf(user.userId))?.bytes).toBe(bytes - 7 + 25);

    await user.client.from('user_answers').delete().eq('answer', 'A much longer description');
    expect((await usageOf(user.userId))?.answers).toBe(7);
  });

  it('refuses a save that passes the quota with 413 and a clear message, writing nothing', async () => {
    const user = await signedInClient(server, 'quota-full');
    await logEntries(user.client, user.userId, [entry(10)]);
    await server.database.db.query(
      `UPDATE journal_private.account_usage SET answers = $2 WHERE user_id = $1`,
      [user.userId, MAX_ANSWERS - 4],
    );
    // One more entry of four answers fits exactly; the next does not.
    await logEntries(user.client, user.userId, [entry(5)]);
    const ids = await user.client.from('questions').select('id').limit(1).single();
    const refused = await user.client.from('user_answers').insert({
      user_id: user.userId,
      question_id: ids.data?.id,
      answer: 'one too many',
      created_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(refused.status).toBe(413);
    expect(refused.error).toMatchObject({
      code: 'PT413',
      message: 'Your journal is full. Export your data, then delete entries you no longer need.',
    });
    expect(refused.error?.details).toContain('100,000 entries');
    expect(await answersOf(user)).toBe(8);

    // A whole import batch is refused as one.
    const batch = await user.client.rpc('import_entries', {
      entries: [
        {
          created_at: new Date(Date.now() - 120 * 60_000).toISOString(),
          activity: 'Walk',
          energy: 50,
          engagement: 50,
          flow_state: false,
        },
      ],
    });
    expect(batch.status).toBe(413);
    expect(await answersOf(user)).toBe(8);

    // Deleting makes room again.
    await user.client.from('user_answers').delete().eq('answer', 'Reading');
    const after = await user.client.from('user_answers').insert({
      user_id: user.userId,
      question_id: ids.data?.id,
      answer: 'fits again',
      created_at: new Date(Date.now() - 30_000).toISOString(),
    });
    expect(after.error).toBeNull();
  });

  it('is no one’s to read or change through the data API', async () => {
    const user = await signedInClient(server, 'quota-hidden');
    const res = await fetch(`${server.url}/rest/v1/account_usage`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(404);
  });
});
