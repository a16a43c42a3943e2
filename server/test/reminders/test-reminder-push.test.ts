import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPushService,
  type BrowserSubscription,
  type PushService,
} from '../../../test-support/push-service.ts';
import { generateVapidKeys } from '../../src/push/vapid-keys.ts';
import {
  DROP_AFTER_FAILED_SENDS,
  DROP_AFTER_FAILING_FOR,
} from '../../src/reminders/channels/subscription-health.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// "Send a test reminder" by Web Push, through our real server's
// POST /reminders/v1/test to a real local push service
// (test-support/push-service.ts): the limit holds whatever the outcome, so
// devices that all fail cannot make the server open connections again and
// again; and a device that keeps failing is dropped, and the answer says so.

const vapid = generateVapidKeys();
let service: PushService;
let server: TestServer;
const originalCAs = getCACertificates('default');

beforeAll(async () => {
  service = await startPushService();
  // The server trusts the local push service's certificate as it trusts a public one.
  setDefaultCACertificates([...originalCAs, service.ca]);
  server = await startTestServer({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
  });
});
afterAll(async () => {
  await server?.close();
  await service?.close();
  setDefaultCACertificates(originalCAs);
});

/** A signed-in person with notifications on and this many devices, saved through supabase-js. */
async function personWithDevices(count: number) {
  const who = await signedInClient(server, 'push-tested');
  const saved = await who.client
    .from('reminder_settings')
    .insert({ time_zone: 'Europe/Berlin', times: ['08:00'], email: false, push: true });
  if (saved.error) throw new Error(saved.error.message);
  const devices: BrowserSubscription[] = [];
  for (let i = 0; i < count; i++) {
    const device = service.subscribe();
    const { error } = await who.client.from('push_subscriptions').insert(device);
    if (error) throw new Error(error.message);
    devices.push(device);
  }
  return { who, devices };
}

function sendTest(who: SignedInUser) {
  return fetch(`${server.url}/reminders/v1/test`, {
    method: 'POST',
    headers: { apikey: server.anonKey, authorization: `Bearer ${who.accessToken}` },
  });
}

async function deviceCount(who: SignedInUser): Promise<number> {
  const { data, error } = await who.client.from('push_subscriptions').select('id');
  if (error) throw new Error(error.message);
  return data.length;
}

/** As if this device had failed often enough, for long enough, to be dropped at its next failure. */
async function keptFailing(device: BrowserSubscription) {
  await server.database.db.query(
    `UPDATE public.push_subscriptions
     SET failed_sends = $2 - 1, failing_since = now() - $3::interval - interval '1 minute'
     WHERE endpoint = $1`,
    [device.endpoint, DROP_AFTER_FAILED_SENDS, DROP_AFTER_FAILING_FOR],
  );
}

describe('a test reminder by notification', () => {
  it('reaches every device once and answers which channel', async () => {
    const { who, devices } = await personWithDevices(2);
    const res = await sendTest(who);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: ['push'] });
    for (const device of devices) expect(service.attempts(device)).toBe(1);
  });

  it('is limited to one a minute even when every device fails: each device is tried once', async () => {
    const { who, devices } = await personWithDevices(20);
    for (const device of devices) service.answerWith(device, ...Array<number>(10).fill(500));
    const first = await sendTest(who);
    expect(first.status).toBe(502);
    expect((await first.json()).message).toBe(
      'The test reminder could not be sent as a notification. Try again later.',
    );
    const again = await Promise.all(Array.from({ length: 5 }, () => sendTest(who)));
    expect(again.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    // One try per device, no repeat: 20 connections, not 20 per request.
    for (const device of devices) expect(service.attempts(device)).toBe(1);
    // Failing for a moment drops nobody.
    expect(await deviceCount(who)).toBe(20);
  });

  it('drops a device that keeps failing, and says so', async () => {
    const { who, devices } = await personWithDevices(2);
    const [working, broken] = devices as [BrowserSubscription, BrowserSubscription];
    await keptFailing(broken);
    service.answerWith(broken, 500);
    const res = await sendTest(who);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: ['push'], removed: 1 });
    expect(service.attempts(working)).toBe(1);
    expect(await deviceCount(who)).toBe(1);
  });

  it('tells the person when the only device was dropped', async () => {
    const { who, devices } = await personWithDevices(1);
    await keptFailing(devices[0]!);
    service.neverAnswer(devices[0]!);
    const res = await sendTest(who);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      code: 'send_failed',
      message:
        'The test reminder could not be sent as a notification. Try again later.' +
        ' A device that kept failing was removed; turn notifications on there again.',
    });
    expect(await deviceCount(who)).toBe(0);
  });
});
