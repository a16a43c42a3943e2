import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMailbox, type ReceivedMail } from '../../../test-support/mailbox.ts';
import { checkIn } from '../../src/reminders/kinds/check-in.ts';
import { TESTS_PER_HOUR } from '../../src/reminders/test-limits.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server.ts';
import { signedInClient } from '../helpers/users.ts';

// "Send a test reminder" (POST /reminders/v1/test) against our real server
// and the real local SMTP server: it sends on every channel that is on in the
// person's saved settings, once a minute at most, refuses when no channel is
// on, and never answers 500 whatever the request looks like.

const REMINDER_SUBJECT = checkIn.words.question;
const mailbox = useMailbox();
let server: TestServer;
const PASSWORD = 'test-reminder-password';

interface Person {
  userId: string;
  email: string;
  accessToken: string;
}

beforeAll(async () => {
  server = await startTestServer({ SMTP_URL: mailbox.url }, { siteUrlIsSelf: true });
});
afterAll(() => server?.close());

/**
 * A signed-in person on a server with mail. Confirming the address is not
 * what these tests are about (test/auth/email-confirmation.test.ts is), so
 * the address is marked confirmed in the database before signing in.
 */
async function person(emailOn: boolean | undefined): Promise<Person> {
  const email = uniqueEmail('tested');
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error('no user');
  await server.database.db.query('UPDATE auth.users SET email_confirmed_at = now() WHERE id = $1', [
    data.user.id,
  ]);
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error || !signedIn.data.session) throw signedIn.error ?? new Error('no session');
  if (emailOn !== undefined) {
    const saved = await client
      .from('reminder_settings')
      .insert({ time_zone: 'Europe/Berlin', times: ['08:00'], email: emailOn });
    if (saved.error) throw new Error(saved.error.message);
  }
  return { userId: data.user.id, email, accessToken: signedIn.data.session.access_token };
}

function sendTest(
  who: Person | undefined,
  init: { headers?: Record<string, string>; body?: string; apikey?: string | null } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.apikey !== null) headers['apikey'] = init.apikey ?? server.anonKey;
  if (who) headers['authorization'] = `Bearer ${who.accessToken}`;
  return fetch(`${server.url}/reminders/v1/test`, {
    method: 'POST',
    headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

const remindersTo = (who: Person): ReceivedMail[] =>
  mailbox.received.filter(
    (m) => m.to.includes(who.email.toLowerCase()) && m.subject === REMINDER_SUBJECT,
  );

/** The next reminder to arrive for this person (the sign-up's confirmation mail is passed over). */
async function nextReminder(who: Person): Promise<ReceivedMail> {
  for (;;) {
    const mail = await mailbox.next(who.email);
    if (mail.subject === REMINDER_SUBJECT) return mail;
  }
}

/** As if the last test was sent this long ago. */
async function lastTestAgo(who: Person, seconds: number) {
  await server.database.db.query(
    `UPDATE journal_private.reminder_tests SET sent_at = now() - make_interval(secs => $2)
     WHERE user_id = $1`,
    [who.userId, seconds],
  );
}

describe('send a test reminder', () => {
  it('is offered in /config.json when the server has mail', async () => {
    const config = await (await fetch(`${server.url}/config.json`)).json();
    expect(config.reminders).toEqual({ email: true });
  });

  it('sends the reminder e-mail at once when e-mail is on, with its unsubscribe link', async () => {
    const ann = await person(true);
    const res = await sendTest(ann);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: ['email'] });
    const mail = await nextReminder(ann);
    expect(mail.subject).toBe(REMINDER_SUBJECT);
    expect(mail.text).toContain(`${server.url}/`);
    expect(mail.headers['list-unsubscribe']).toContain('/reminders/v1/unsubscribe?token=');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends at most one a minute a person, with 429, Retry-After and a clear message', async () => {
    const ben = await person(true);
    const other = await person(true);
    expect((await sendTest(ben)).status).toBe(200);
    await nextReminder(ben);

    const again = await sendTest(ben);
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await again.json()).message).toBe(
      `A test reminder was sent less than a minute ago. Try again in ${wait} seconds.`,
    );
    // Someone else's test is theirs to send.
    expect((await sendTest(other)).status).toBe(200);
    await nextReminder(other);

    await lastTestAgo(ben, 59);
    expect((await sendTest(ben)).status).toBe(429);
    expect(remindersTo(ben)).toHaveLength(1);
    await lastTestAgo(ben, 61);
    expect((await sendTest(ben)).status).toBe(200);
    await nextReminder(ben);
    expect(remindersTo(ben)).toHaveLength(2);
  });

  it('lets two tests sent at the same moment through once', async () => {
    const cat = await person(true);
    const answers = await Promise.all([sendTest(cat), sendTest(cat), sendTest(cat)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    await nextReminder(cat);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remindersTo(cat)).toHaveLength(1);
  });

  it('refuses with 400 when no channel is on: e-mail off, or nothing saved yet', async () => {
    for (const who of [await person(false), await person(undefined)]) {
      const res = await sendTest(who);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'no_channel_on',
        message:
          'No reminder channel is on. Turn one on and save your reminders, then send a test.',
      });
      expect(remindersTo(who)).toEqual([]);
    }
  });

  it('answers 502 when the mail server refuses, and the minute still counts', async () => {
    const dan = await person(true);
    mailbox.refuse(true);
    try {
      const res = await sendTest(dan);
      expect(res.status).toBe(502);
      expect((await res.json()).message).toBe(
        'The test reminder could not be sent by e-mail. Try again later.',
      );
      // The failed test spent the server's connections all the same: no
      // second one this minute, whatever the first one's outcome.
      const again = await sendTest(dan);
      expect(again.status).toBe(429);
      expect((await again.json()).code).toBe('too_many_tests');
    } finally {
      mailbox.refuse(false);
    }
    await lastTestAgo(dan, 61);
    expect((await sendTest(dan)).status).toBe(200);
    await nextReminder(dan);
  });

  it(`sends at most ${TESTS_PER_HOUR} an hour a person, with 429 and Retry-After`, async () => {
    const hal = await person(true);
    for (let i = 0; i < TESTS_PER_HOUR; i++) {
      expect((await sendTest(hal)).status, `test ${i + 1}`).toBe(200);
      await nextReminder(hal);
      await lastTestAgo(hal, 61);
    }
    const over = await sendTest(hal);
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await over.json()).toEqual({
      code: 'too_many_tests',
      message: `You sent ${TESTS_PER_HOUR} test reminders this hour. Try again in ${Math.ceil(wait / 60)} minutes.`,
    });
    expect(remindersTo(hal)).toHaveLength(TESTS_PER_HOUR);
    // An hour after the first, a new hour begins.
    await server.database.db.query(
      `UPDATE journal_private.reminder_tests SET hour_started_at = now() - interval '61 minutes'
       WHERE user_id = $1`,
      [hal.userId],
    );
    expect((await sendTest(hal)).status).toBe(200);
    await nextReminder(hal);
  });

  it('answers 401 to anyone not signed in', async () => {
    const eve = await person(true);
    const anonymous = await sendTest(undefined);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe('Sign in to send a test reminder.');
    // The project key alone, as the bearer token, is not a person.
    const anonKeyAsToken = await sendTest(undefined, {
      headers: { authorization: `Bearer ${server.anonKey}` },
    });
    expect(anonKeyAsToken.status).toBe(401);
    const forged = await sendTest({ ...eve, accessToken: `${eve.accessToken.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    const garbage = await sendTest({ ...eve, accessToken: 'not.a.token' });
    expect(garbage.status).toBe(401);
    // Without the project key, as the data API.
    expect((await sendTest(eve, { apikey: null })).status).toBe(401);
    expect(remindersTo(eve)).toEqual([]);
  });

  it('answers 401 after signing out: the session is gone', async () => {
    const fay = await person(true);
    const out = await fetch(`${server.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${fay.accessToken}` },
    });
    expect(out.status).toBe(204);
    expect((await sendTest(fay)).status).toBe(401);
  });

  it('never answers 500, whatever the body', async () => {
    const gus = await person(false);
    const bodies: Array<{ body: string; type?: string }> = [
      { body: '{', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      {
        body: '{"email":true,"user_id":"00000000-0000-0000-0000-000000000000"}',
        type: 'application/json',
      },
      { body: 'a=b&&c', type: 'application/x-www-form-urlencoded' },
      { body: '\u0000\uffff', type: 'text/plain' },
      { body: 'x'.repeat(100_000), type: 'application/octet-stream' },
      { body: '', type: 'multipart/form-data; boundary=' },
      { body: 'x', type: ';;;' },
    ];
    for (const { body, type } of bodies) {
      const res = await sendTest(gus, { body, headers: type ? { 'content-type': type } : {} });
      // A body never says which channel or whom: still "no channel on", or
      // Fastify's 415 for a content type that cannot be parsed as one.
      expect([400, 415], `${type}: ${body.slice(0, 40)}`).toContain(res.status);
    }
    const tooLarge = await sendTest(gus, { body: 'x'.repeat(2 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(remindersTo(gus)).toEqual([]);
  });
});

describe('send a test reminder on a server without mail', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain?.close());

  it('is not offered, and answers 400: nothing can be sent', async () => {
    const config = await (await fetch(`${plain.url}/config.json`)).json();
    expect(config.reminders).toEqual({ email: false });
    const who = await signedInClient(plain, 'no-mail');
    await who.client.from('reminder_settings').insert({ time_zone: 'Europe/Berlin', email: true });
    const res = await fetch(`${plain.url}/reminders/v1/test`, {
      method: 'POST',
      headers: { apikey: plain.anonKey, authorization: `Bearer ${who.accessToken}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      'This server cannot send reminders: it has no e-mail or notifications set up.',
    );
  });
});
