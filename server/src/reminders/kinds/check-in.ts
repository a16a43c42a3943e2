import type { ReminderKind } from './reminder-kind.ts';
import { slotClaimBooks } from './slot-claims.ts';

// The check-in reminder (docs/decisions/036-reminders.md): at the times and
// weekdays a person chose, in their own zone, "How is your energy?", unless
// they logged an entry in the hour before. Its claims are rows of
// journal_private.reminder_sends (e-mail) and push_sends (one a
// subscription), made by functions/claim_due_reminders.sql and
// functions/claim_due_push_reminders.sql.

export const checkIn: ReminderKind = {
  name: 'check-in',
  words: {
    question: 'How is your energy?',
    linkText: 'Log it in Energy Tracker',
    mailPath: '/',
    // Track, with the Activity field focused (web/src/features/track).
    pushPath: '/?focus=activity',
    pushTopic: 'reminder',
  },
  ...slotClaimBooks({ email: 'claim_due_reminders', push: 'claim_due_push_reminders' }),
};
