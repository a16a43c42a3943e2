import { randomUUID } from 'node:crypto';
import type { ReceivedMail } from '../../../test-support/mailbox.ts';
import type { Queryable } from '../../src/db/database.ts';
import { journalQuestionIds } from '../helpers/journal-question-ids.ts';
import { uniqueEmail } from '../helpers/test-server.ts';

// People with reminder settings, written straight into a migrated database
// as its owner: these tests are about when reminders go out, not about
// signing up (reminder-settings.test.ts goes through supabase-js).

export interface ReminderChoices {
  time_zone: string;
  times?: string[];
  weekdays?: number[];
  random_from?: string;
  random_until?: string;
  email?: boolean;
  skip_if_logged_last_hour?: boolean;
}

export interface ReminderPerson {
  userId: string;
  email: string;
}

export async function personWithReminders(
  db: Queryable,
  choices: ReminderChoices,
): Promise<ReminderPerson> {
  const person = { userId: randomUUID(), email: uniqueEmail('reminded') };
  await db.query('INSERT INTO auth.users (id, email) VALUES ($1, $2)', [
    person.userId,
    person.email,
  ]);
  await db.query(
    `INSERT INTO public.reminder_settings
       (user_id, time_zone, times, weekdays, random_from, random_until, email, skip_if_logged_last_hour)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      person.userId,
      choices.time_zone,
      choices.times ?? [],
      choices.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
      choices.random_from ?? null,
      choices.random_until ?? null,
      choices.email ?? true,
      choices.skip_if_logged_last_hour ?? true,
    ],
  );
  return person;
}

/** An entry logged at `at`, as the Track tab saves one: its answers, from which the entry is derived. */
export async function logEntryAt(
  db: Queryable,
  userId: string,
  at: string,
  { activity = 'Walking', energy = 70 }: { activity?: string; energy?: number } = {},
): Promise<void> {
  const id = await journalQuestionIds(db);
  await db.query(
    `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
     VALUES ($1, $2, $8, $7), ($1, $3, $9, $7), ($1, $4, '60', $7), ($1, $5, 'false', $7),
            ($1, $6, 'notes', $7)`,
    [
      userId,
      id('Activity Description'),
      id('Energy Level'),
      id('Engagement Level'),
      id('Flow State'),
      id('Activity Notes'),
      at,
      activity,
      String(energy),
    ],
  );
}

/** The mail one person received, of all a mailbox holds. */
export function mailTo(received: readonly ReceivedMail[], person: ReminderPerson): ReceivedMail[] {
  return received.filter((m) => m.to.includes(person.email.toLowerCase()));
}

/**
 * Looks at the clock every `stepMinutes` from `from` to `to`, both included,
 * with `lookAt`; answers the instants that sent this person mail.
 */
export async function instantsThatSentMail(
  lookAt: (iso: string) => Promise<unknown>,
  received: readonly ReceivedMail[],
  person: ReminderPerson,
  { stepMinutes, from, to }: { stepMinutes: number; from: string; to: string },
): Promise<string[]> {
  const sentAt: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += stepMinutes * 60_000) {
    const before = mailTo(received, person).length;
    await lookAt(new Date(t).toISOString());
    if (mailTo(received, person).length > before) sentAt.push(new Date(t).toISOString());
  }
  return sentAt;
}
