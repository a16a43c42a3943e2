import { beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type ReceivedMail } from '../../../test-support/mailbox.ts';
import { checkIn } from '../../src/reminders/kinds/check-in.ts';
import { unsubscribeKey, unsubscribeToken } from '../../src/reminders/unsubscribe-token.ts';
import { emailRemindersForFile, unsubscribeOneClick } from './email-reminders-for-file.ts';
import {
  logEntryAt,
  personWithReminders,
  type ReminderChoices,
  type ReminderPerson,
} from './reminder-people.ts';

// E-mail reminders end to end: the scheduler's look at a given instant (the
// clock a test gives it), the claim in the real database, the message through
// the real local SMTP server, and the unsubscribe link against our real
// server. Every instant below is written in UTC with the local time it is.

const reminders = emailRemindersForFile([checkIn]);
const { mailbox, lookAt, lookEvery, mailTo } = reminders;

const REMINDER_SUBJECT = checkIn.words.question;

/** A look every `stepMinutes` from `from` to `to`, both included, and the instants that must send mail. */
type Look = [stepMinutes: number, from: string, to: string, sent: string[]];

/** A person's choices, and the looks that follow their reminders across a stretch of time. */
interface LocalMinuteCase {
  name: string;
  choices: ReminderChoices;
  looks: Look[];
}

const LOCAL_MINUTE_CASES: LocalMinuteCase[] = [
  {
    // New Zealand went from +12 to +13 at 02:00 on Sunday 28 September 2025.
    name: 'keep 08:00 at 08:00 in Pacific/Auckland across the start of daylight saving',
    choices: { time_zone: 'Pacific/Auckland', times: ['08:00'] },
    looks: [
      // Saturday 27 September, 08:00 NZST (+12).
      [1, '2025-09-26T19:58:00Z', '2025-09-26T20:02:00Z', ['2025-09-26T20:00:00.000Z']],
      // Sunday 28 September, 08:00 NZDT (+13): an hour earlier in UTC.
      [1, '2025-09-27T18:58:00Z', '2025-09-27T20:02:00Z', ['2025-09-27T19:00:00.000Z']],
    ],
  },
  {
    name: 'send a time the clocks skip (02:30 in Auckland on 28 September 2025) at the next minute that exists, 03:00',
    choices: { time_zone: 'Pacific/Auckland', times: ['02:30'] },
    looks: [
      // 03:00 NZDT is 14:00 UTC; PostgreSQL's own reading of 02:30 would be 14:30.
      [1, '2025-09-27T13:28:00Z', '2025-09-27T14:40:00Z', ['2025-09-27T14:00:00.000Z']],
    ],
  },
  {
    // New York went from -5 to -4 at 02:00 on Sunday 9 March 2025.
    name: 'keep 08:00 at 08:00 in America/New_York across the start of daylight saving',
    choices: { time_zone: 'America/New_York', times: ['08:00'] },
    looks: [
      [30, '2025-03-08T12:30:00Z', '2025-03-08T13:30:00Z', ['2025-03-08T13:00:00.000Z']],
      [30, '2025-03-09T11:30:00Z', '2025-03-09T13:30:00Z', ['2025-03-09T12:00:00.000Z']],
    ],
  },
  {
    name: 'send a time the clocks skip in America/New_York (02:30 on 9 March 2025) at 03:00',
    choices: { time_zone: 'America/New_York', times: ['02:30'] },
    looks: [[1, '2025-03-09T06:58:00Z', '2025-03-09T07:32:00Z', ['2025-03-09T07:00:00.000Z']]],
  },
  {
    name: 'send a time the clocks pass twice (01:30 in New York on 2 November 2025) once, at the first',
    choices: { time_zone: 'America/New_York', times: ['01:30'] },
    looks: [
      // 01:30 EDT is 05:30 UTC, 01:30 EST an hour later; every five minutes across both.
      [5, '2025-11-02T05:00:00Z', '2025-11-02T07:00:00Z', ['2025-11-02T05:30:00.000Z']],
    ],
  },
  {
    name: 'follow the weekdays chosen, in the local calendar',
    choices: { time_zone: 'Pacific/Auckland', times: ['09:00'], weekdays: [1] },
    looks: [
      // 2025-06-16 is a Monday; in Auckland 09:00 Monday is Sunday 21:00 UTC.
      [60, '2025-06-14T21:00:00Z', '2025-06-16T21:00:00Z', ['2025-06-15T21:00:00.000Z']],
    ],
  },
];

describe('e-mail reminders at the right local minute', () => {
  it.each(LOCAL_MINUTE_CASES)('$name', async ({ choices, looks }) => {
    const person = await personWithReminders(reminders.db, choices);
    for (const [stepMinutes, from, to, sent] of looks) {
      expect(await lookEvery(stepMinutes, from, to, person)).toEqual(sent);
    }
  });

  it('send the random reminder once a day, at a minute between its two times', async () => {
    const person = await personWithReminders(reminders.db, {
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
    const tenLate = await personWithReminders(reminders.db, { time_zone: 'UTC', times: ['09:00'] });
    // Only this look and later ones: the server was down at 09:00.
    expect(await lookEvery(1, '2025-08-01T09:10:00Z', '2025-08-01T09:30:00Z', tenLate)).toEqual([
      '2025-08-01T09:10:00.000Z',
    ]);
    const twentyLate = await personWithReminders(reminders.db, {
      time_zone: 'UTC',
      times: ['11:00'],
    });
    expect(await lookEvery(1, '2025-08-01T11:20:00Z', '2025-08-01T11:40:00Z', twentyLate)).toEqual(
      [],
    );
  });

  it('are tried again the next minute when the mail server refused them', async () => {
    const person = await personWithReminders(reminders.db, { time_zone: 'UTC', times: ['12:00'] });
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
    const stranded = await personWithReminders(reminders.db, {
      time_zone: 'UTC',
      times: ['16:00'],
    });
    // As if a newer zone database had dropped the zone the row was saved with.
    await reminders.db
      .exec(`ALTER TABLE public.reminder_settings DISABLE TRIGGER reminder_settings_check;
      UPDATE public.reminder_settings SET time_zone = 'Atlantis/Poseidonia'
      WHERE user_id = '${stranded.userId}';
      ALTER TABLE public.reminder_settings ENABLE TRIGGER reminder_settings_check;`);
    const fine = await personWithReminders(reminders.db, { time_zone: 'UTC', times: ['16:00'] });
    await lookAt('2025-08-06T16:00:00Z');
    expect(mailTo(fine)).toHaveLength(1);
    expect(mailTo(stranded)).toHaveLength(0);
  });
});

describe('two replicas against one database', () => {
  it('send each reminder once', async () => {
    await reminders.withTwoReplicas(async (replicas) => {
      const people = await Promise.all(
        Array.from({ length: 8 }, () =>
          personWithReminders(reminders.db, {
            time_zone: 'Europe/London',
            times: ['07:15', '07:16'],
          }),
        ),
      );
      // 07:15 BST is 06:15 UTC. Both replicas look at the same minutes, at the same time.
      for (const minute of ['06:15', '06:16', '06:17']) {
        const at = `2025-09-01T${minute}:00Z`;
        await Promise.all(replicas.map((replica) => lookAt(at, replica)));
      }
      for (const person of people) expect(mailTo(person)).toHaveLength(2);
    });
  });
});

describe('skip if I logged in the last hour', () => {
  it('skips the reminder of someone who logged an entry in the hour before, unless they turned it off', async () => {
    const skipping = await personWithReminders(reminders.db, {
      time_zone: 'UTC',
      times: ['15:00'],
    });
    const always = await personWithReminders(reminders.db, {
      time_zone: 'UTC',
      times: ['15:00'],
      skip_if_logged_last_hour: false,
    });
    const loggedLongAgo = await personWithReminders(reminders.db, {
      time_zone: 'UTC',
      times: ['15:00'],
    });
    await logEntryAt(reminders.db, skipping.userId, '2025-08-03T14:20:00Z');
    await logEntryAt(reminders.db, always.userId, '2025-08-03T14:20:00Z');
    await logEntryAt(reminders.db, loggedLongAgo.userId, '2025-08-03T13:50:00Z');
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
      await reminders.db.query<{ email: boolean }>(
        'SELECT email FROM public.reminder_settings WHERE user_id = $1',
        [userId],
      )
    ).rows[0]?.email;

  beforeAll(async () => {
    person = await personWithReminders(reminders.db, { time_zone: 'Asia/Tokyo', times: ['20:00'] });
    await lookAt('2025-08-04T11:00:00Z');
    mail = await mailbox.next(person.email);
  });

  it('asks how your energy is, links to Track and carries nothing of the journal', () => {
    expect(mail.subject).toBe(REMINDER_SUBJECT);
    expect(mail.text).toContain(REMINDER_SUBJECT);
    expect(mail.text).toContain(`${reminders.server.url}/`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${reminders.server.url}/reminders/v1/unsubscribe\\?token=[^>]+>$`),
    );
  });

  it('refuses a changed, guessed or missing token with 400 and changes nothing', async () => {
    const link = new URL(linkIn(mail, '/reminders/v1/unsubscribe'));
    const token = link.searchParams.get('token') ?? '';
    const [userId = '', signature = ''] = token.split('.');
    const other = await personWithReminders(reminders.db, { time_zone: 'UTC', times: ['06:00'] });
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
      const response = await unsubscribeOneClick(url);
      expect(response.status, bad).toBe(400);
    }
    const noToken = await fetch(`${reminders.server.url}/reminders/v1/unsubscribe`, {
      method: 'POST',
    });
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
    const response = await unsubscribeOneClick(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('E-mail reminders are off');
    expect(await emailOn(person.userId)).toBe(false);
    await lookAt('2025-08-05T11:00:00Z');
    expect(mailTo(person)).toHaveLength(1);
  });
});
