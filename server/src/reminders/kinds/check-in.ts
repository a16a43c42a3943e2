import type { ReminderKind } from './reminder-kind.ts';
import { settleSlotClaims } from './slot-claims.ts';

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
  email: {
    async claim(db, at) {
      const { rows } = await db.query<{
        user_id: string;
        email: string;
        local_date: string;
        slot: string;
      }>(
        `SELECT user_id::text AS user_id, email, local_date::text AS local_date, slot
         FROM journal_private.claim_due_reminders($1)`,
        [at.toISOString()],
      );
      return rows.map((r) => ({
        user_id: r.user_id,
        email: r.email,
        key: [r.user_id, r.local_date, r.slot],
      }));
    },
    ...settleSlotClaims({ table: 'journal_private.reminder_sends', owner: 'user_id' }),
  },
  push: {
    async claim(db, at) {
      const { rows } = await db.query<{
        subscription_id: string;
        user_id: string;
        endpoint: string;
        p256dh: string;
        auth: string;
        local_date: string;
        slot: string;
      }>(
        `SELECT subscription_id::text AS subscription_id, user_id::text AS user_id, endpoint,
                p256dh, auth, local_date::text AS local_date, slot
         FROM journal_private.claim_due_push_reminders($1)`,
        [at.toISOString()],
      );
      return rows.map(({ local_date, slot, ...subscription }) => ({
        ...subscription,
        key: [subscription.subscription_id, local_date, slot],
      }));
    },
    // A deleted subscription's claims go with it (ON DELETE CASCADE).
    ...settleSlotClaims({ table: 'journal_private.push_sends', owner: 'subscription_id' }),
  },
};
