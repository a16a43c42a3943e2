import type { ReminderKind, ReminderWords } from './reminder-kind.ts';
import { slotClaimBooks } from './slot-claims.ts';

// The weekly review reminder (docs/decisions/073): once a week, on the day
// and at the local time the person chose, "Time for your weekly review",
// naming the week's top energizer so far, with a link to the review. It is
// the 'weekly-review' slot of functions/due_reminders.sql; its claims are
// rows of the check-ins' tables (journal_private.reminder_sends,
// push_sends), made by functions/claim_due_weekly_review_emails.sql and
// functions/claim_due_weekly_review_pushes.sql, which also answer the top
// energizer (functions/week_top_energizer.sql).

/** The review's page on the site (the weekly review screens). */
const REVIEW_PATH = '/insights/review';

const WORDS: ReminderWords = {
  question: 'Time for your weekly review',
  linkText: 'Review your week in Energy Tracker',
  mailPath: REVIEW_PATH,
  pushPath: REVIEW_PATH,
  pushTopic: 'weekly-review',
};

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

const wordsFor = (top: TopEnergizer): ReminderWords => ({ ...WORDS, line: topEnergizerLine(top) });

export const weeklyReview: ReminderKind = {
  name: 'weekly-review',
  words: WORDS,
  ...slotClaimBooks<TopEnergizer>({
    email: 'claim_due_weekly_review_emails',
    push: 'claim_due_weekly_review_pushes',
    extra: ['top_activity', 'top_energy'],
    words: wordsFor,
  }),
};
