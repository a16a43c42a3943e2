import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../../test-support/mailbox.ts';
import {
  startPushService,
  type BrowserSubscription,
  type PushService,
} from '../../../test-support/push-service.ts';
import { generateVapidKeys } from '../../src/push/vapid-keys.ts';
import { ALL_KINDS } from '../../src/reminders/kinds/all-kinds.ts';
import { runPushReminders, type PushRun } from '../../src/reminders/runs/push-run.ts';
import { RUN_LIMITS } from '../../src/reminders/runs/run-limits.ts';
import { emailRemindersForFile, unsubscribeOneClick } from './email-reminders-for-file.ts';
import { logEntryAt, personWithReminders, type ReminderPerson } from './reminder-people.ts';

// The weekly review reminder (docs/decisions/073) end to end: the runs of
// every kind at instants the test gives, the claims in the real database,
// the e-mail through the local SMTP peer, the notification through the local
// push service (which decrypts it with the browser's keys), and the
// unsubscribe link against our real server.
//
// The week: Monday 6 to Sunday 12 October 2025 in Pacific/Auckland (+13:00,
// NZDT), whose Monday starts at 2025-10-05T11:00Z; the review is Sunday at
// 18:00 there, 2025-10-12T05:00Z.

const ZONE = 'Pacific/Auckland';
const REVIEW_AT = '2025-10-12T05:00:00Z';
const SUBJECT = 'Time for your weekly review';

const reminders = emailRemindersForFile(ALL_KINDS);
const { lookAt, lookEvery, mailTo } = reminders;
const vapid = generateVapidKeys();
let service: PushService;
let pushRun: PushRun;

beforeAll(async () => {
  service = await startPushService();
  pushRun = {
    db: reminders.db,
    transport: {
      vapid,
      subject: 'mailto:reminders@example.org',
      allowPrivate: true,
      ca: service.ca,
      timeoutMs: 5_000,
    },
    kinds: ALL_KINDS,
    limits: { ...RUN_LIMITS, retryDelaysMs: [10, 20] },
    log: reminders.server.app.log,
  };
});
afterAll(async () => {
  await service?.close();
});

interface WeeklyChoices {
  review_day?: number;
  review_time?: string;
  times?: string[];
  weekdays?: number[];
  email?: boolean;
  push?: boolean;
}

/** A person with the weekly review on: Sunday 18:00 in Auckland unless told otherwise. */
async function reviewer(choices: WeeklyChoices = {}): Promise<ReminderPerson> {
  const person = await personWithReminders(reminders.db, {
    time_zone: ZONE,
    times: choices.times ?? [],
    weekdays: choices.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
    email: choices.email ?? true,
  });
  await reminders.db.query(
    `UPDATE public.reminder_settings
     SET weekly_review = true, review_day = $2, review_time = $3, push = $4
     WHERE user_id = $1`,
    [person.userId, choices.review_day ?? 7, choices.review_time ?? '18:00', choices.push ?? false],
  );
  return person;
}

describe('the weekly review reminder', () => {
  it('goes out at the local minute of the review day, once a week, whatever days the check-ins use', async () => {
    const person = await reviewer({ weekdays: [1] });
    // Saturday 11 October at 18:00 in Auckland: not the review day.
    expect(await lookEvery(1, '2025-10-11T04:58:00Z', '2025-10-11T05:02:00Z', person)).toEqual([]);
    expect(await lookEvery(1, '2025-10-12T04:58:00Z', '2025-10-12T05:20:00Z', person)).toEqual([
      REVIEW_AT.replace('Z', '.000Z'),
    ]);
    // The next Sunday, 19 October.
    expect(await lookEvery(5, '2025-10-19T04:50:00Z', '2025-10-19T05:20:00Z', person)).toEqual([
      '2025-10-19T05:00:00.000Z',
    ]);
    expect(mailTo(person).map((m) => m.subject)).toEqual([SUBJECT, SUBJECT]);
  });

  it("names the week's top energizer so far and links to the review, with one-click unsubscribe", async () => {
    const person = await reviewer();
    const entries: [string, string, number][] = [
      // Sunday 5 October, 23:30 in Auckland: the week before.
      ['2025-10-05T10:30:00Z', 'Gym', 100],
      ['2025-10-07T00:00:00Z', 'walk outside', 80],
      ['2025-10-09T00:00:00Z', 'Emails', 30],
      ['2025-10-10T00:00:00Z', 'Walk outside', 90],
      ['2025-10-11T00:00:00Z', 'Cooking', 70],
      // Sunday 12 October, 19:00 in Auckland: after the reminder.
      ['2025-10-12T06:00:00Z', 'Piano', 95],
    ];
    for (const [at, activity, energy] of entries) {
      await logEntryAt(reminders.db, person.userId, at, { activity, energy });
    }
    await lookAt(REVIEW_AT);
    const [mail] = mailTo(person);
    expect(mail?.subject).toBe(SUBJECT);
    expect(mail?.text).toContain(
      'Your top energizer this week so far: Walk outside, average energy 85%.',
    );
    expect(mail?.html).toContain('Walk outside, average energy 85%');
    expect(linkIn(mail!, '/insights/review')).toBe(`${reminders.server.url}/insights/review`);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const [, unsubscribe = ''] = /^<(.*)>$/.exec(mail?.headers['list-unsubscribe'] ?? '') ?? [];
    const response = await unsubscribeOneClick(unsubscribe);
    expect(response.status).toBe(200);
    await lookAt('2025-10-19T05:00:00Z');
    expect(mailTo(person)).toHaveLength(1);
  });

  it('says when the week has no energizer yet', async () => {
    const person = await reviewer();
    // One entry of the week, below the 50% of an activity that gives energy.
    await logEntryAt(reminders.db, person.userId, '2025-10-08T00:00:00Z', {
      activity: 'Emails',
      energy: 40,
    });
    const nobody = await reviewer();
    await lookAt(REVIEW_AT);
    for (const who of [person, nobody]) {
      expect(mailTo(who)[0]?.text).toContain(
        'There are not enough entries this week yet to name a top energizer.',
      );
    }
  });

  it('is not skipped after a recent entry, while the check-in at the same minute is', async () => {
    const person = await reviewer({ times: ['18:00'] });
    await logEntryAt(reminders.db, person.userId, '2025-10-12T04:50:00Z', {
      activity: 'Run',
      energy: 75,
    });
    await lookEvery(1, REVIEW_AT, '2025-10-12T05:16:00Z', person);
    expect(mailTo(person).map((m) => m.subject)).toEqual([SUBJECT]);
    expect(mailTo(person)[0]?.text).toContain('Run, average energy 75%');
  });

  it('is sent once by two replicas looking at the same minutes', async () => {
    await reminders.withTwoReplicas(async (replicas) => {
      const people = await Promise.all(Array.from({ length: 6 }, () => reviewer()));
      for (const minute of ['05:00', '05:01', '05:02']) {
        const at = `2025-10-12T${minute}:00Z`;
        await Promise.all(replicas.map((replica) => lookAt(at, replica)));
      }
      for (const person of people) expect(mailTo(person)).toHaveLength(1);
    });
  });
});

describe('the weekly review reminder as a notification', () => {
  async function subscribed(person: ReminderPerson): Promise<BrowserSubscription> {
    const subscription = service.subscribe();
    await reminders.db.query(
      `INSERT INTO public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
       VALUES ($1, $2, $3, $4, 'Test browser')`,
      [person.userId, subscription.endpoint, subscription.p256dh, subscription.auth],
    );
    return subscription;
  }
  const receivedBy = (s: BrowserSubscription) =>
    service.received.filter((m) => m.endpoint === new URL(s.endpoint).pathname);

  it('arrives once per device, with the top energizer under the title, and opens the review', async () => {
    const person = await reviewer({ email: false, push: true });
    await logEntryAt(reminders.db, person.userId, '2025-10-08T00:00:00Z', {
      activity: 'Swim',
      energy: 88,
    });
    const subscription = await subscribed(person);
    await runPushReminders(pushRun, new Date('2025-10-12T04:59:00Z'));
    expect(receivedBy(subscription)).toEqual([]);
    for (const at of [REVIEW_AT, '2025-10-12T05:01:00Z']) {
      await Promise.all([
        runPushReminders(pushRun, new Date(at)),
        runPushReminders(pushRun, new Date(at)),
      ]);
    }
    const messages = receivedBy(subscription);
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!.text)).toEqual({
      title: SUBJECT,
      body: 'Your top energizer this week so far: Swim, average energy 88%.',
      url: '/insights/review',
    });
    expect(messages[0]!.topic).toBe('weekly-review');
    // Notifications only: no e-mail.
    expect(mailTo(person)).toEqual([]);
  });
});
