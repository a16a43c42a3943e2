import type { PushMessage } from '../push/deliver.ts';
import {
  sendClaimedPushes,
  type ClaimedPush,
  type PushSender,
  type PushTickResult,
} from '../push/send-due-push-reminders.ts';
import type { ReminderWords } from './reminder-mail.ts';
import {
  sendClaimedEmails,
  type ClaimedReminder,
  type ReminderSender,
  type TickResult,
} from './send-due-reminders.ts';

// The weekly review reminder (docs/decisions/073): once a week, on the day
// and at the local time the person chose, "Time for your weekly review",
// naming the week's top energizer so far, with a link to the review. It is
// the 'weekly-review' slot of functions/due_reminders.sql; its claims are
// rows of the check-ins' tables (reminder_sends, push_sends), made by
// functions/claim_due_weekly_review_emails.sql and _pushes.sql, which also
// answer the top energizer (functions/week_top_energizer.sql). Sent by the
// same look at the clock as the check-ins (start-reminder-emails.ts).

export const WEEKLY_REVIEW_QUESTION = 'Time for your weekly review';
/** The review's page on the site (the weekly review screens). */
export const REVIEW_PATH = '/insights/review';

/** The week's top energizer so far, as the claims answer it; nulls when there is none yet. */
interface TopEnergizer {
  top_activity: string | null;
  top_energy: number | null;
}

/** The line under the question: the one thing from the journal a reminder carries. */
export function topEnergizerLine({ top_activity, top_energy }: TopEnergizer): string {
  return top_activity === null
    ? 'There are not enough entries this week yet to name a top energizer.'
    : `Your top energizer this week so far: ${top_activity}, average energy ${top_energy}%.`;
}

function wordsFor(top: TopEnergizer): ReminderWords {
  return {
    question: WEEKLY_REVIEW_QUESTION,
    line: topEnergizerLine(top),
    linkText: 'Review your week in Energy Tracker',
  };
}

export async function sendDueWeeklyReviewEmails(
  sender: ReminderSender,
  at: Date,
): Promise<TickResult> {
  const { rows } = await sender.db.query<ClaimedReminder & TopEnergizer>(
    `SELECT user_id, email, local_date::text AS local_date, slot, top_activity, top_energy
     FROM journal_private.claim_due_weekly_review_emails($1)`,
    [at.toISOString()],
  );
  return sendClaimedEmails(sender, rows, (r) => ({ path: REVIEW_PATH, words: wordsFor(r) }));
}

function weeklyPushMessage(top: TopEnergizer): PushMessage {
  return {
    payload: JSON.stringify({
      title: WEEKLY_REVIEW_QUESTION,
      body: topEnergizerLine(top),
      url: REVIEW_PATH,
    }),
    // As a check-in's: never shown more than 15 minutes late (docs/decisions/036).
    ttlSeconds: 15 * 60,
    topic: 'weekly-review',
  };
}

export async function sendDueWeeklyReviewPushes(
  sender: PushSender,
  at: Date,
): Promise<PushTickResult> {
  const { rows } = await sender.db.query<ClaimedPush & TopEnergizer>(
    `SELECT subscription_id::text AS subscription_id, endpoint, p256dh, auth,
            local_date::text AS local_date, slot, top_activity, top_energy
     FROM journal_private.claim_due_weekly_review_pushes($1)`,
    [at.toISOString()],
  );
  return sendClaimedPushes(sender, rows, weeklyPushMessage);
}
