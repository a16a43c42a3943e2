import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, useMailbox, type ReceivedMail } from '../../../test-support/mailbox.ts';
import { readConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { createPgDatabase } from '../../src/db/pg-database.ts';
import { createMailer, type Mailer } from '../../src/mail/mailer.ts';
import { checkIn } from '../../src/reminders/kinds/check-in.ts';
import { runEmailReminders, type EmailRun } from '../../src/reminders/runs/email-run.ts';
import { RUN_LIMITS } from '../../src/reminders/runs/run-limits.ts';
import { unsubscribeKey, unsubscribeToken } from '../../src/reminders/unsubscribe-token.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../helpers/test-server.ts';
import {
  instantsThatSentMail,
  logEntryAt,
  mailTo as mailToOf,
  personWithReminders,
  type ReminderPerson,
} from './reminder-people.ts';

// E-mail reminders end to end: the scheduler's look at a given instant (the
// clock a test gives it), the claim in the real database, the message through
// the real local SMTP server, and the unsubscribe link against our real
// server. Every instant below is written in UTC with the local time it is.

const mailbox = useMailbox();
let server: TestServer;
let db: Database;
const mailers: Mailer[] = [];

const REMINDER_SUBJECT = checkIn.words.question;

/** What each replica's e-mail run has: the database, its own mailer, the key from the shared secret. */
async function senderOn(database: Database): Promise<EmailRun> {
  const mail = readConfig({ SMTP_URL: mailbox.url, SITE_URL: server.url }).mail;
  if (!mail) throw new Error('mail is not configured');
  const mailer = await createMailer(mail);
  mailers.push(mailer);
  return {
    db: database,
    channel: { mail: { config: mail, mailer }, unsubscribeKey: unsubscribeKey(TEST_JWT_SECRET) },
    kinds: [checkIn],
    limits: RUN_LIMITS,
    log: server.app.log,
  };
}

let sender: EmailRun;
beforeAll(async () => {
  server = await startTestServer({ SMTP_URL: mailbox.url }, { siteUrlIsSelf: true });
  db = server.database.db;
  sender = await senderOn(db);
});
afterAll(async () => {
  for (const mailer of mailers) mailer.close();
  await server?.close();
});

/** The scheduler's look at this instant. */
const lookAt = (iso: string, by: EmailRun = sender) => runEmailReminders(by, new Date(iso));

const mailTo = (person: ReminderPerson) => mailToOf(mailbox.received, person);

/** Looks every `stepMinutes` from `from` to `to`, both included; answers the instants that sent this person mail. */
const lookEvery = (stepMinutes: number, from: string, to: string, person: ReminderPerson) =>
  instantsThatSentMail((iso) => lookAt(iso), mailbox.received, person, { stepMinutes, from, to });

describe('e-mail reminders at the right local minute', () => {
  it('keep 08:00 at 08:00 in Pacific/Auckland across the start of daylight saving', async () => {
    // New Zealand went from +12 to +13 at 02:00 on Sunday 28 September 2025.
    const person = await personWithReminders(db, {
      time_zone: 'Pacific/Auckland',
      times: ['08:00'],
    });
    // Saturday 27 September, 08:00 NZST (+12).
    expect(await lookEvery(1, '2025-09-26T19:58:00Z', '2025-09-26T20:02:00Z', person)).toEqual([
      '2025-09-26T20:00:00.000Z',
    ]);
    // Sunday 28 September, 08:00 NZDT (+13): an hour earlier in UTC.
    expect(await lookEvery(1, '2025-09-27T18:58:00Z', '2025-09-27T20:02:00Z', person)).toEqual([
      '2025-09-27T19:00:00.000Z',
    ]);
  });

  it('send a time the clocks skip (02:30 in Auckland on 28 September 2025) at the next minute that exists, 03:00', async () => {
    const person = await personWithReminders(db, {
      time_zone: 'Pacific/Auckland',
      times: ['02:30'],
    });
    // 03:00 NZDT is 14:00 UTC; PostgreSQL's own reading of 02:30 would be 14:30.
    expect(await lookEvery(1, '2025-09-27T13:28:00Z', '2025-09-27T14:40:00Z', person)).toEqual([
      '2025-09-27T14:00:00.000Z',
    ]);
  });

  it('keep 08:00 at 08:00 in America/New_York across the start of daylight saving, and send skipped 02:30 at 03:00', async () => {
    // New York went from -5 to -4 at 02:00 on Sunday 9 March 2025.
    const morning = await personWithReminders(db, {
      time_zone: 'America/New_York',
      times: ['08:00'],
    });
    const night = await personWithReminders(db, {
      time_zone: 'America/New_York',
      times: ['02:30'],
    });
    expect(await lookEvery(30, '2025-03-08T12:30:00Z', '2025-03-08T13:30:00Z', morning)).toEqual([
      '2025-03-08T13:00:00.000Z',
    ]);
    expect(await lookEvery(30, '2025-03-09T11:30:00Z', '2025-03-09T13:30:00Z', morning)).toEqual([
      '2025-03-09T12:00:00.000Z',
    ]);
    expect(await lookEvery(1, '2025-03-09T06:58:00Z', '2025-03-09T07:32:00Z', night)).toEqual([
      '2025-03-09T07:00:00.000Z',
    ]);
  });

  it('send a time the clocks pass twice (01:30 in New York on 2 November 2025) once, at the first', async () => {
    // 01:30 EDT is 05:30 UTC, 01:30 EST an hour later; every five minutes across both.
    const person = await personWithReminders(db, {
      time_zone: 'America/New_York',
      times: ['01:30'],
    });
    expect(await lookEvery(5, '2025-11-02T05:00:00Z', '2025-11-02T07:00:00Z', person)).toEqual([
      '2025-11-02T05:30:00.000Z',
    ]);
  });

  it('follow the weekdays chosen, in the local calendar', async () => {
    // 2025-06-16 is a Monday; in Auckland 09:00 Monday is Sunday 21:00 UTC.
    const mondays = await personWithReminders(db, {
      time_zone: 'Pacific/Auckland',
      times: ['09:00'],
      weekdays: [1],
    });
    expect(await lookEvery(60, '2025-06-14T21:00:00Z', '2025-06-16T21:00:00Z', mondays)).toEqual([
      '2025-06-15T21:00:00.000Z',
    ]);
  });

  it('send the random reminder once a day, at a minute between its two times', async () => {
    const person = await personWithReminders(db, {
      time_zone: 'Europe/Berlin',
      random_from: '10:00',
      random_until: '10:30',
    });
    // 10:00 CEST is 08:00 UTC.
    const sentAt = await lookEvery(1, '2025-07-01T07:55:00Z', '2025-07-01T08:35:00Z', person);
    expect(sentAt).toHaveLength(1);
    expect(sentAt[0]! >= '2025-07-01T08:00' && sentAt[0]! < '2025-07-01T08:30').toBe(true);
  });
});

describe('reminders sent late', () => {
  it('are sent once at most 15 minutes late, and never later (no burst after downtime)', async () => {
    const tenLate = await personWithReminders(db, { time_zone: 'UTC', times: ['09:00'] });
    // Only this look and later ones: the server was down at 09:00.
    expect(await lookEvery(1, '2025-08-01T09:10:00Z', '2025-08-01T09:30:00Z', tenLate)).toEqual([
      '2025-08-01T09:10:00.000Z',
    ]);
    const twentyLate = await personWithReminders(db, { time_zone: 'UTC', times: ['11:00'] });
    expect(await lookEvery(1, '2025-08-01T11:20:00Z', '2025-08-01T11:40:00Z', twentyLate)).toEqual(
      [],
    );
  });

  it('are tried again the next minute when the mail server refused them', async () => {
    const person = await personWithReminders(db, { time_zone: 'UTC', times: ['12:00'] });
    mailbox.refuse(true);
    try {
      expect((await lookAt('2025-08-02T12:00:00Z')).failed).toBeGreaterThanOrEqual(1);
    } finally {
      mailbox.refuse(false);
    }
    expect(mailTo(person)).toHaveLength(0);
    await lookAt('2025-08-02T12:01:00Z');
    expect(mailTo(person)).toHaveLength(1);
  });
});

describe('a zone the database no longer knows', () => {
  it("holds back only that person's reminders, not everyone's", async () => {
    const stranded = await personWithReminders(db, { time_zone: 'UTC', times: ['16:00'] });
    // As if a newer zone database had dropped the zone the row was saved with.
    await db.exec(`ALTER TABLE public.reminder_settings DISABLE TRIGGER reminder_settings_check;
      UPDATE public.reminder_settings SET time_zone = 'Atlantis/Poseidonia'
      WHERE user_id = '${stranded.userId}';
      ALTER TABLE public.reminder_settings ENABLE TRIGGER reminder_settings_check;`);
    const fine = await personWithReminders(db, { time_zone: 'UTC', times: ['16:00'] });
    await lookAt('2025-08-06T16:00:00Z');
    expect(mailTo(fine)).toHaveLength(1);
    expect(mailTo(stranded)).toHaveLength(0);
  });
});

describe('two replicas against one database', () => {
  it('send each reminder once', async () => {
    // A second connection of its own on PostgreSQL; the embedded database is one connection.
    const otherDb = server.database.url ? createPgDatabase(server.database.url) : db;
    try {
      const replicas = [sender, await senderOn(otherDb)];
      const people = await Promise.all(
        Array.from({ length: 8 }, () =>
          personWithReminders(db, { time_zone: 'Europe/London', times: ['07:15', '07:16'] }),
        ),
      );
      // 07:15 BST is 06:15 UTC. Both replicas look at the same minutes, at the same time.
      for (const minute of ['06:15', '06:16', '06:17']) {
        const at = `2025-09-01T${minute}:00Z`;
        await Promise.all(replicas.map((replica) => lookAt(at, replica)));
      }
      for (const person of people) expect(mailTo(person)).toHaveLength(2);
    } finally {
      if (otherDb !== db) await otherDb.close();
    }
  });
});

describe('skip if I logged in the last hour', () => {
  it('skips the reminder of someone who logged an entry in the hour before, unless they turned it off', async () => {
    const skipping = await personWithReminders(db, { time_zone: 'UTC', times: ['15:00'] });
    const always = await personWithReminders(db, {
      time_zone: 'UTC',
      times: ['15:00'],
      skip_if_logged_last_hour: false,
    });
    const loggedLongAgo = await personWithReminders(db, { time_zone: 'UTC', times: ['15:00'] });
    await logEntryAt(db, skipping.userId, '2025-08-03T14:20:00Z');
    await logEntryAt(db, always.userId, '2025-08-03T14:20:00Z');
    await logEntryAt(db, loggedLongAgo.userId, '2025-08-03T13:50:00Z');
    await lookEvery(1, '2025-08-03T15:00:00Z', '2025-08-03T15:16:00Z', skipping);
    expect(mailTo(skipping)).toHaveLength(0);
    expect(mailTo(always)).toHaveLength(1);
    expect(mailTo(loggedLongAgo)).toHaveLength(1);
  });
});

describe('the reminder message and its one-click unsubscribe', () => {
  let person: ReminderPerson;
  let mail: ReceivedMail;
  const emailOn = async (userId: string) =>
    (
      await db.query<{ email: boolean }>(
        'SELECT email FROM public.reminder_settings WHERE user_id = $1',
        [userId],
      )
    ).rows[0]?.email;

  beforeAll(async () => {
    person = await personWithReminders(db, { time_zone: 'Asia/Tokyo', times: ['20:00'] });
    await lookAt('2025-08-04T11:00:00Z');
    mail = await mailbox.next(person.email);
  });

  it('asks how your energy is, links to Track and carries nothing of the journal', () => {
    expect(mail.subject).toBe(REMINDER_SUBJECT);
    expect(mail.text).toContain(REMINDER_SUBJECT);
    expect(mail.text).toContain(`${server.url}/`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${server.url}/reminders/v1/unsubscribe\\?token=[^>]+>$`),
    );
  });

  it('refuses a changed, guessed or missing token with 400 and changes nothing', async () => {
    const link = new URL(linkIn(mail, '/reminders/v1/unsubscribe'));
    const token = link.searchParams.get('token') ?? '';
    const [userId = '', signature = ''] = token.split('.');
    const other = await personWithReminders(db, { time_zone: 'UTC', times: ['06:00'] });
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    // Made as ours are, but with a key from another secret: not ours.
    const otherServers = unsubscribeToken(
      unsubscribeKey('another-secret-that-is-long-enough-for-hs256'),
      userId,
    );
    const forged = [
      otherServers,
      `${userId}.${flipped}`,
      `${other.userId}.${signature}`,
      `${other.userId}.${'A'.repeat(43)}`,
      `${userId}.${signature}x`,
      `${userId}.${signature}.`,
      other.userId,
      '',
    ];
    for (const bad of forged) {
      const url = new URL(link);
      url.searchParams.set('token', bad);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status, bad).toBe(400);
    }
    const noToken = await fetch(`${server.url}/reminders/v1/unsubscribe`, { method: 'POST' });
    expect(noToken.status).toBe(400);
    expect(await emailOn(person.userId)).toBe(true);
    expect(await emailOn(other.userId)).toBe(true);
  });

  it('shows a button on GET and changes nothing, as a mail scanner fetching the link must not', async () => {
    const link = linkIn(mail, '/reminders/v1/unsubscribe');
    const response = await fetch(link);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<form method="post" action="">');
    expect(page).toContain('Stop e-mail reminders');
    expect(await emailOn(person.userId)).toBe(true);
  });

  it('turns e-mail reminders off with one POST, as a mail client does (RFC 8058), without signing in', async () => {
    const [, url = ''] = /^<(.*)>$/.exec(mail.headers['list-unsubscribe'] ?? '') ?? [];
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('E-mail reminders are off');
    expect(await emailOn(person.userId)).toBe(false);
    await lookAt('2025-08-05T11:00:00Z');
    expect(mailTo(person)).toHaveLength(1);
  });
});
