import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPushService,
  type BrowserSubscription,
  type PushService,
} from '../../../test-support/push-service.ts';
import type { Database } from '../../src/db/database.ts';
import type { PushTransport } from '../../src/push/deliver.ts';
import { generateVapidKeys } from '../../src/push/vapid-keys.ts';
import type { PushOutcome } from '../../src/reminders/channels/push-channel.ts';
import { checkIn } from '../../src/reminders/kinds/check-in.ts';
import { recipientOf } from '../../src/reminders/reminder-store.ts';
import { runPushReminders, type PushRun } from '../../src/reminders/runs/push-run.ts';
import { RUN_LIMITS } from '../../src/reminders/runs/run-limits.ts';
import { sendTestToDevices } from '../../src/reminders/test-reminder-route.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { personWithReminders, type ReminderPerson } from './reminder-people.ts';

// Reminders by Web Push end to end: the claim in the real database, the
// message encrypted and signed by our server and POSTed over HTTPS to a real
// local push service, which checks the VAPID JWT and decrypts the payload
// with the subscription's own keys (test-support/push-service.ts).

const vapid = generateVapidKeys();
let server: TestServer;
let db: Database;
let service: PushService;
let transport: PushTransport;
let sender: PushRun;

beforeAll(async () => {
  service = await startPushService();
  server = await startTestServer({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:reminders@example.org',
  });
  db = server.database.db;
  transport = {
    vapid,
    subject: 'mailto:reminders@example.org',
    allowPrivate: true,
    ca: service.ca,
    timeoutMs: 5_000,
  };
  sender = {
    db,
    transport,
    kinds: [checkIn],
    limits: { ...RUN_LIMITS, retryDelaysMs: [10, 20] },
    log: server.app.log,
  };
});
afterAll(async () => {
  await server?.close();
  await service?.close();
});

async function subscribedPerson(
  times = ['08:00'],
  extra: { email?: boolean; push?: boolean } = {},
): Promise<{ person: ReminderPerson; subscription: BrowserSubscription; id: string }> {
  const person = await personWithReminders(db, {
    time_zone: 'Europe/Berlin',
    times,
    email: extra.email ?? false,
  });
  await db.query('UPDATE public.reminder_settings SET push = $2 WHERE user_id = $1', [
    person.userId,
    extra.push ?? true,
  ]);
  const subscription = service.subscribe();
  const id = await storeSubscription(person, subscription);
  return { person, subscription, id };
}

async function storeSubscription(person: ReminderPerson, s: BrowserSubscription): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
     VALUES ($1, $2, $3, $4, 'Test browser') RETURNING id::text AS id`,
    [person.userId, s.endpoint, s.p256dh, s.auth],
  );
  return rows[0]!.id;
}

const receivedBy = (s: BrowserSubscription) =>
  service.received.filter((m) => m.endpoint === new URL(s.endpoint).pathname);

/** "Send a test reminder"'s push to every device of a person, counted by outcome. */
async function sendTestPush(transport: PushTransport, userId: string) {
  const { subscriptions } = await recipientOf(db, userId);
  const outcomes = await sendTestToDevices({ db, transport }, subscriptions);
  const count = (o: PushOutcome) => outcomes.filter((x) => x === o).length;
  return {
    devices: subscriptions.length,
    sent: count('sent'),
    gone: count('gone'),
    failed: count('failed'),
    refused: count('refused'),
  };
}

const subscriptionExists = async (id: string) =>
  (await db.query('SELECT 1 FROM public.push_subscriptions WHERE id = $1', [id])).rowCount === 1;

describe('push reminders', () => {
  it('arrive at the local minute, encrypted for the browser and signed with our VAPID key', async () => {
    // 08:00 in Berlin on Monday 6 October 2025 (+02:00) is 06:00 UTC.
    const { subscription, id } = await subscribedPerson(['08:00']);
    await runPushReminders(sender, new Date('2025-10-06T05:59:00Z'));
    expect(receivedBy(subscription)).toEqual([]);
    const result = await runPushReminders(sender, new Date('2025-10-06T06:00:00Z'));
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [message] = receivedBy(subscription);
    expect(JSON.parse(message!.text)).toEqual({
      title: 'How is your energy?',
      url: '/?focus=activity',
    });
    expect(message!.vapidKey).toBe(vapid.publicKey);
    expect(message!.claims.aud).toBe(service.origin);
    expect(message!.claims.sub).toBe('mailto:reminders@example.org');
    expect(message!.ttl).toBe('900');
    expect(message!.topic).toBe('reminder');
    const { rows } = await db.query<{ last_success_at: Date | null }>(
      'SELECT last_success_at FROM public.push_subscriptions WHERE id = $1',
      [id],
    );
    expect(rows[0]!.last_success_at).not.toBeNull();
  });

  it('go to each subscription exactly once, however many looks and replicas', async () => {
    const { person, subscription } = await subscribedPerson(['09:00']);
    const second = service.subscribe();
    await storeSubscription(person, second);
    // Two "replicas" looking at the same minutes, concurrently, several times.
    for (const at of ['2025-10-06T07:00:00Z', '2025-10-06T07:01:00Z', '2025-10-06T07:05:00Z']) {
      await Promise.all([
        runPushReminders(sender, new Date(at)),
        runPushReminders(sender, new Date(at)),
      ]);
    }
    expect(receivedBy(subscription)).toHaveLength(1);
    expect(receivedBy(second)).toHaveLength(1);
  });

  it('are not sent when notifications are off, and e-mail-only people get no push', async () => {
    const { subscription } = await subscribedPerson(['10:00'], { push: false, email: true });
    await runPushReminders(sender, new Date('2025-10-06T08:00:00Z'));
    expect(receivedBy(subscription)).toEqual([]);
  });

  it('remove a subscription whose push service answers 410 or 404', async () => {
    const gone = await subscribedPerson(['11:00']);
    const unknown = await subscribedPerson(['11:00']);
    service.answerWith(gone.subscription, 410);
    service.answerWith(unknown.subscription, 404);
    const result = await runPushReminders(sender, new Date('2025-10-06T09:00:00Z'));
    expect(result.gone).toBeGreaterThanOrEqual(2);
    expect(await subscriptionExists(gone.id)).toBe(false);
    expect(await subscriptionExists(unknown.id)).toBe(false);
  });

  it('try again after 429 and 5xx, a bounded number of times, and keep the subscription', async () => {
    const busy = await subscribedPerson(['12:00']);
    const down = await subscribedPerson(['12:00']);
    service.answerWith(busy.subscription, 429, 503);
    service.answerWith(down.subscription, 500, 502, 503, 504);
    await runPushReminders(sender, new Date('2025-10-06T10:00:00Z'));
    // Two refusals, then delivered on the third attempt.
    expect(service.attempts(busy.subscription)).toBe(3);
    expect(receivedBy(busy.subscription)).toHaveLength(1);
    // Three attempts (the policy's bound), then the claim is given back...
    expect(service.attempts(down.subscription)).toBe(3);
    expect(receivedBy(down.subscription)).toHaveLength(0);
    expect(await subscriptionExists(down.id)).toBe(true);
    // ...and the next minute's look, still within 15 minutes, delivers it.
    await runPushReminders(sender, new Date('2025-10-06T10:01:00Z'));
    expect(receivedBy(down.subscription)).toHaveLength(1);
  });

  it('are sent as the test reminder to every device of one person at once', async () => {
    const { person, subscription } = await subscribedPerson([]);
    const other = service.subscribe();
    await storeSubscription(person, other);
    const result = await sendTestPush(transport, person.userId);
    expect(result).toEqual({ devices: 2, sent: 2, gone: 0, failed: 0, refused: 0 });
    expect(JSON.parse(receivedBy(subscription)[0]!.text).title).toBe('How is your energy?');
    expect(receivedBy(other)).toHaveLength(1);
  });
});

describe('push endpoints and SSRF', () => {
  const strict = () => ({ ...transport, allowPrivate: false });

  it.each([
    ['127.0.0.1', (port: string) => `https://127.0.0.1:${port}/push/x`],
    ['10.x', () => 'https://10.1.2.3/push/x'],
    ['the metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['[::1]', (port: string) => `https://[::1]:${port}/push/x`],
    ['a name resolving to loopback', (port: string) => `https://localhost:${port}/push/x`],
    ['192.168.x', () => 'https://192.168.1.1/push/x'],
    ['CGNAT', () => 'https://100.64.0.1/push/x'],
    ['unique-local IPv6', () => 'https://[fd00::1]/push/x'],
    ['IPv4-mapped IPv6 loopback', () => 'https://[::ffff:127.0.0.1]/push/x'],
  ])('refuse %s without PUSH_ALLOW_PRIVATE_ENDPOINTS', async (_label, endpointOf) => {
    const port = new URL(service.origin).port;
    const real = service.subscribe();
    const endpoint = endpointOf(port);
    const person = await personWithReminders(db, { time_zone: 'UTC', times: [], email: false });
    await db.query(
      `INSERT INTO public.push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`,
      [
        person.userId,
        endpoint.replace('/push/x', new URL(real.endpoint).pathname),
        real.p256dh,
        real.auth,
      ],
    );
    const before = service.received.length + service.refused.length;
    const result = await sendTestPush(strict(), person.userId);
    // Refused by our rules, not merely unreachable.
    expect(result).toEqual({ devices: 1, sent: 0, gone: 0, failed: 0, refused: 1 });
    // Nothing reached the push service on this machine.
    expect(service.received.length + service.refused.length).toBe(before);
  });

  it('refuse http:// endpoints before they are stored, and follow no redirect', async () => {
    const person = await personWithReminders(db, { time_zone: 'UTC', times: [], email: false });
    const s = service.subscribe();
    await expect(
      db.query(
        `INSERT INTO public.push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`,
        [person.userId, s.endpoint.replace('https:', 'http:'), s.p256dh, s.auth],
      ),
    ).rejects.toThrow(/https URL/);
    // A push service answering 301 is a failure, not a hop elsewhere.
    const id = await storeSubscription(person, s);
    service.answerWith(s, 301);
    const result = await sendTestPush(transport, person.userId);
    expect(result.failed).toBe(1);
    expect(await subscriptionExists(id)).toBe(true);
  });
});
