import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../../src/push/vapid-keys.ts';
import { startTestServer, type TestServer, withTestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// Push subscriptions through the data API with the unchanged supabase-js, as
// the web app keeps them: each person reaches only their own (row-level
// security), and a malformed subscription is refused with 400 and a message,
// never a 500.

const vapid = generateVapidKeys();
let server: TestServer;
let alice: SignedInUser;
let bob: SignedInUser;

const P256DH = 'B' + 'A'.repeat(86);
const AUTH = 'A'.repeat(21) + 'Q';
const valid = (n: number) => ({
  endpoint: `https://push.example.org/send/${n}`,
  p256dh: P256DH,
  auth: AUTH,
  user_agent: 'Firefox on Linux',
});

beforeAll(async () => {
  server = await startTestServer({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  });
  alice = await signedInClient(server, 'alice');
  bob = await signedInClient(server, 'bob');
});
afterAll(() => server?.close());

describe('push subscriptions through supabase-js', () => {
  it('are kept, listed and removed by their owner', async () => {
    const { data, error } = await alice.client
      .from('push_subscriptions')
      .insert(valid(1))
      .select('id, user_agent, created_at');
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ user_agent: 'Firefox on Linux' })]);
    const listed = await alice.client
      .from('push_subscriptions')
      .select('id, endpoint, user_agent, created_at');
    expect(listed.data).toHaveLength(1);
    const removed = await alice.client
      .from('push_subscriptions')
      .delete()
      .eq('id', data![0]!.id)
      .select('id');
    expect(removed.data).toHaveLength(1);
  });

  it('are out of reach of anyone else: not listed, not removed, not added for them', async () => {
    const { data } = await alice.client.from('push_subscriptions').insert(valid(2)).select('id');
    const id = data![0]!.id as string;
    expect((await bob.client.from('push_subscriptions').select('*')).data).toEqual([]);
    expect((await bob.client.from('push_subscriptions').select('*').eq('id', id)).data).toEqual([]);
    const removed = await bob.client.from('push_subscriptions').delete().eq('id', id).select('id');
    expect(removed.data).toEqual([]);
    const forAlice = await bob.client
      .from('push_subscriptions')
      .insert({ ...valid(3), user_id: alice.userId });
    expect(forAlice.status).toBe(403);
    // Nobody may set when it last worked, or change a stored one.
    const changed = await alice.client
      .from('push_subscriptions')
      .update({ endpoint: 'https://elsewhere.example/x' })
      .eq('id', id);
    expect(changed.status).toBeGreaterThanOrEqual(400);
    expect(changed.status).toBeLessThan(500);
    const stillThere = await server.database.db.query(
      'SELECT endpoint FROM public.push_subscriptions WHERE id = $1',
      [id],
    );
    expect(stillThere.rows).toEqual([{ endpoint: valid(2).endpoint }]);
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://push.example.org/send/1' }, /https URL/],
    ['a javascript: endpoint', { endpoint: 'javascript:alert(1)' }, /https URL/],
    [
      'an endpoint with credentials',
      { endpoint: 'https://user:pw@push.example.org/x' },
      /https URL/,
    ],
    ['an endpoint with a space', { endpoint: 'https://push.example.org/a b' }, /https URL/],
    ['a huge endpoint', { endpoint: `https://push.example.org/${'x'.repeat(3000)}` }, /https URL/],
    ['a short p256dh', { p256dh: 'BAAA' }, /p256dh/],
    ['a p256dh that is not base64url', { p256dh: 'B' + '+'.repeat(86) }, /p256dh/],
    ['a compressed point', { p256dh: 'A' + 'A'.repeat(86) }, /p256dh/],
    ['a long auth', { auth: 'A'.repeat(30) }, /auth secret/],
    ['auth with padding', { auth: 'A'.repeat(21) + 'Q==' }, /auth secret/],
    ['a missing endpoint', { endpoint: null }, /.+/],
    ['a number for a key', { p256dh: 42 }, /p256dh/],
    ['a label too long', { user_agent: 'x'.repeat(201) }, /label/],
  ])('refuse %s with 400 and a message', async (_label, change, message) => {
    const { error, status } = await alice.client
      .from('push_subscriptions')
      .insert({ ...valid(9), ...change });
    expect(status).toBe(400);
    expect(error?.message).toMatch(message);
  });

  it('refuse more than 20 devices a person', async () => {
    const person = await signedInClient(server, 'many');
    const rows = Array.from({ length: 20 }, (_, i) => valid(100 + i));
    expect((await person.client.from('push_subscriptions').insert(rows)).error).toBeNull();
    const { status, error } = await person.client.from('push_subscriptions').insert(valid(200));
    expect(status).toBe(400);
    expect(error?.message).toMatch(/At most 20 devices/);
  });

  it('refuse the 21st device even when many are added at once', async () => {
    const person = await signedInClient(server, 'racing');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        person.client.from('push_subscriptions').insert(valid(300 + i)),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(20);
    expect(results.every((r) => r.error === null || r.status === 400)).toBe(true);
    const { count } = await person.client
      .from('push_subscriptions')
      .select('id', { count: 'exact', head: true });
    expect(count).toBe(20);
  });

  it('are switched on in the reminder settings with push', async () => {
    const { error } = await alice.client
      .from('reminder_settings')
      .insert({ time_zone: 'Europe/Berlin', times: ['08:00'], push: true });
    expect(error).toBeNull();
    const { data } = await alice.client.from('reminder_settings').select('push, email');
    expect(data).toEqual([{ push: true, email: false }]);
  });
});

describe('/config.json', () => {
  it('gives the app the VAPID public key to subscribe with', async () => {
    const config = await (await fetch(`${server.url}/config.json`)).json();
    expect(config.webPush).toEqual({ vapidPublicKey: vapid.publicKey });
  });

  it('says null when the server has no keys', async () => {
    await withTestServer({}, async (plain) => {
      const config = await (await fetch(`${plain.url}/config.json`)).json();
      expect(config.webPush).toBeNull();
    });
  });
});

// A device that kept failing, removed and added again, keeps its record of
// failed sends, so it is still tried last and for a short time, and dropped
// as before (ADR 090); the record is the person's and the endpoint's alone.
describe("a failing device's record", () => {
  const failingRecord = (userId: string, endpoint: string) =>
    server.database.db.query(
      `UPDATE public.push_subscriptions
       SET failed_sends = 4, failing_since = now() - interval '2 days'
       WHERE user_id = $1 AND endpoint = $2`,
      [userId, endpoint],
    );
  const recordOf = async (user: SignedInUser, endpoint: string) => {
    const { data, error } = await user.client
      .from('push_subscriptions')
      .select('failed_sends')
      .eq('endpoint', endpoint);
    expect(error).toBeNull();
    return (data as Array<{ failed_sends: number }>).map((r) => r.failed_sends);
  };

  it('outlives removing the device and adding it again', async () => {
    const device = valid(40);
    expect((await alice.client.from('push_subscriptions').insert(device)).error).toBeNull();
    await failingRecord(alice.userId, device.endpoint);
    const removed = await alice.client
      .from('push_subscriptions')
      .delete()
      .eq('endpoint', device.endpoint);
    expect(removed.error).toBeNull();
    expect((await alice.client.from('push_subscriptions').insert(device)).error).toBeNull();
    expect(await recordOf(alice, device.endpoint)).toEqual([4]);

    // Another endpoint, or another person's device at the same endpoint, starts clean.
    expect((await alice.client.from('push_subscriptions').insert(valid(41))).error).toBeNull();
    expect(await recordOf(alice, valid(41).endpoint)).toEqual([0]);
    expect((await bob.client.from('push_subscriptions').insert(device)).error).toBeNull();
    expect(await recordOf(bob, device.endpoint)).toEqual([0]);
  });

  it('goes with the account', async () => {
    const carol = await signedInClient(server, 'carol');
    const device = valid(42);
    expect((await carol.client.from('push_subscriptions').insert(device)).error).toBeNull();
    await failingRecord(carol.userId, device.endpoint);
    await carol.client.from('push_subscriptions').delete().eq('endpoint', device.endpoint);
    expect((await carol.client.from('push_subscriptions').insert(device)).error).toBeNull();
    // As the dashboard deletes a user: one DELETE, the rest by cascade.
    await server.database.db.query('DELETE FROM auth.users WHERE id = $1', [carol.userId]);
    const { rows } = await server.database.db.query(
      'SELECT 1 FROM journal_private.push_failures_kept WHERE user_id = $1',
      [carol.userId],
    );
    expect(rows).toEqual([]);
  });
});
