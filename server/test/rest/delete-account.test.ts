import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtKeys } from '../../src/jwt.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// delete_my_account (docs/decisions/022): the account and everything of it
// go, nothing of anyone else; only for a fresh sign-in of that person.

const PASSWORD = 'signed-in-test-password';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const someEntries = (activity: string) => [
  {
    created_at: '2025-01-01T10:00:00Z',
    activity,
    energy: 50,
    engagement: 50,
    flow_state: false,
    notes: 'n',
  },
  {
    created_at: '2025-01-02T10:00:00Z',
    activity,
    energy: 60,
    engagement: 70,
    flow_state: true,
    notes: null,
  },
];

async function withEntries(label: string): Promise<SignedInUser> {
  const user = await signedInClient(server, label);
  const { error } = await user.client.rpc('import_entries', { entries: someEntries(label) });
  expect(error).toBeNull();
  const { error: reminders } = await user.client
    .from('reminder_settings')
    .insert({ time_zone: 'Europe/Berlin', times: ['09:00'], email: true });
  expect(reminders).toBeNull();
  const { error: review } = await user.client
    .from('weekly_reviews')
    .insert({ week_start: '2025-01-06', activities: 'Reflections 🙂', how: 'Plans' });
  expect(review).toBeNull();
  // A reminder the scheduler sent (functions/claim_due_reminders.sql).
  await server.database.db.query(
    `INSERT INTO journal_private.reminder_sends (user_id, local_date, slot, due_at, outcome)
     VALUES ($1, '2025-01-02', '09:00', '2025-01-02T08:00:00Z', 'sent')`,
    [user.userId],
  );
  return user;
}

/** Every row anywhere in auth and public that belongs to the user. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const db = server.database.db;
  const count = async (sql: string) =>
    Number((await db.query<{ n: string }>(sql, [userId])).rows[0]?.n ?? 0);
  return {
    users: await count('SELECT count(*) AS n FROM auth.users WHERE id = $1'),
    identities: await count('SELECT count(*) AS n FROM auth.identities WHERE user_id = $1'),
    sessions: await count('SELECT count(*) AS n FROM auth.sessions WHERE user_id = $1'),
    refresh_tokens: await count('SELECT count(*) AS n FROM auth.refresh_tokens WHERE user_id = $1'),
    amr: await count(
      `SELECT count(*) AS n FROM auth.mfa_amr_claims m
       WHERE $1::uuid IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM auth.sessions s WHERE s.id = m.session_id)`,
    ),
    one_time_tokens: await count(
      'SELECT count(*) AS n FROM auth.one_time_tokens WHERE user_id = $1',
    ),
    flow_state: await count('SELECT count(*) AS n FROM auth.flow_state WHERE user_id = $1'),
    user_answers: await count('SELECT count(*) AS n FROM public.user_answers WHERE user_id = $1'),
    activity_entries: await count(
      'SELECT count(*) AS n FROM public.activity_entries WHERE user_id = $1',
    ),
    reminder_settings: await count(
      'SELECT count(*) AS n FROM public.reminder_settings WHERE user_id = $1',
    ),
    reminder_sends: await count(
      'SELECT count(*) AS n FROM journal_private.reminder_sends WHERE user_id = $1',
    ),
    weekly_reviews: await count(
      'SELECT count(*) AS n FROM public.weekly_reviews WHERE user_id = $1',
    ),
  };
}

const none = {
  users: 0,
  identities: 0,
  sessions: 0,
  refresh_tokens: 0,
  amr: 0,
  one_time_tokens: 0,
  flow_state: 0,
  user_answers: 0,
  activity_entries: 0,
  reminder_settings: 0,
  reminder_sends: 0,
  weekly_reviews: 0,
};

describe('delete_my_account', () => {
  it('removes every row of that person and nothing of anyone else', async () => {
    const leaving = await withEntries('leaving');
    const staying = await withEntries('staying');
    // A second session of the leaving person, e.g. on another device.
    const otherDevice = server.client();
    expect(
      (await otherDevice.auth.signInWithPassword({ email: leaving.email, password: PASSWORD }))
        .error,
    ).toBeNull();
    const stayingBefore = await rowsOf(staying.userId);
    expect((await rowsOf(leaving.userId)).user_answers).toBe(9);
    expect((await rowsOf(leaving.userId)).reminder_settings).toBe(1);
    expect((await rowsOf(leaving.userId)).weekly_reviews).toBe(1);

    const { error, status } = await leaving.client.rpc('delete_my_account');
    expect(error).toBeNull();
    expect(status).toBe(204);

    expect(await rowsOf(leaving.userId)).toEqual(none);
    expect(await rowsOf(staying.userId)).toEqual(stayingBefore);
    // The other device's refresh token is dead, signing in again fails, the
    // address is free for a new account.
    const refreshed = await otherDevice.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
    const again = await server
      .client()
      .auth.signInWithPassword({ email: leaving.email, password: PASSWORD });
    expect(again.error?.code).toBe('invalid_credentials');
    const anew = await server
      .client()
      .auth.signUp({ email: leaving.email, password: 'a-new-password-1' });
    expect(anew.error).toBeNull();
    expect(anew.data.user?.id).not.toBe(leaving.userId);
  });

  it('is refused to anon', async () => {
    const { error, status } = await server.client().rpc('delete_my_account');
    expect(error).not.toBeNull();
    expect(status).toBe(401);
  });

  it('refuses a session whose sign-in is older than five minutes, even with a fresh token', async () => {
    const user = await withEntries('stale');
    const keys = createJwtKeys(server.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: user.userId,
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + 600,
    };
    for (const amr of [[{ method: 'password', timestamp: now - 301 }], undefined, 'password']) {
      const token = await keys.sign(amr === undefined ? claims : { ...claims, amr });
      const response = await fetch(`${server.url}/rest/v1/rpc/delete_my_account`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/Sign in again/);
    }
    expect((await rowsOf(user.userId)).user_answers).toBe(9);
  });

  it('needs the right password to get the fresh sign-in (the app signs in first)', async () => {
    const user = await withEntries('wrongpw');
    const wrong = await user.client.auth.signInWithPassword({
      email: user.email,
      password: 'not-it',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect((await rowsOf(user.userId)).users).toBe(1);
  });

  it('for an account without a password, wants its e-mail address typed', async () => {
    const user = await withEntries('nopassword');
    await server.database.db.query(`UPDATE auth.users SET encrypted_password = '' WHERE id = $1`, [
      user.userId,
    ]);
    const wrong = await user.client.rpc('delete_my_account', {
      confirmation: 'someone@else.example',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toMatch(/e-mail address/);
    const missing = await user.client.rpc('delete_my_account');
    expect(missing.status).toBe(400);
    expect((await rowsOf(user.userId)).users).toBe(1);
    const right = await user.client.rpc('delete_my_account', {
      confirmation: ` ${user.email.toUpperCase()} `,
    });
    expect(right.error).toBeNull();
    expect(await rowsOf(user.userId)).toEqual(none);
  });

  // The address is in the token's own claims: a thief holding the token knows
  // it. A password-less (Google) account needs a fresh sign-in too.
  it('for an account without a password, also wants a sign-in within five minutes', async () => {
    const user = await withEntries('google-stale');
    await server.database.db.query(`UPDATE auth.users SET encrypted_password = '' WHERE id = $1`, [
      user.userId,
    ]);
    const keys = createJwtKeys(server.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const tokenSignedIn = (amr: unknown) =>
      keys.sign({
        sub: user.userId,
        role: 'authenticated',
        aud: 'authenticated',
        email: user.email,
        iat: now,
        exp: now + 600,
        amr,
      });
    const call = async (token: string) =>
      fetch(`${server.url}/rest/v1/rpc/delete_my_account`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ confirmation: user.email }),
      });
    for (const amr of [
      [{ method: 'oauth', timestamp: now - 3600 }],
      // A change-of-address link proves only the new mailbox.
      [{ method: 'email_change', timestamp: now }],
    ]) {
      const refused = await call(await tokenSignedIn(amr));
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Sign in again to delete your account',
      );
      expect((await rowsOf(user.userId)).users).toBe(1);
    }
    const fresh = await call(await tokenSignedIn([{ method: 'oauth', timestamp: now - 10 }]));
    expect(fresh.status).toBe(204);
    expect(await rowsOf(user.userId)).toEqual(none);
  });

  it('answers a deleted account’s next call without a server error', async () => {
    const user = await withEntries('after');
    expect((await user.client.rpc('delete_my_account')).error).toBeNull();
    const again = await user.client.rpc('delete_my_account');
    expect(again.status).toBe(403);
    const read = await user.client.from('activities').select('*');
    expect(read.data).toEqual([]);
    const me = await user.client.auth.getUser();
    expect(me.error).not.toBeNull();
  });
});
