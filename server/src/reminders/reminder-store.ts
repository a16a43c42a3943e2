import type { Queryable } from '../db/database.ts';
import type { StoredSubscription } from './channels/push-channel.ts';

// The SQL behind the reminders API's routes, as the server (the owner of the
// tables, not a person under row-level security): whom a test goes to, and
// the unsubscribe link's one change. The scheduled runs' SQL is the kinds'
// (kinds/), the limits' their own (test-limits.ts, channels/subscription-health.ts).

/** Who a test goes to, with their saved settings. */
export interface ReminderRecipient {
  userId: string;
  /** '' when the account has none. */
  email: string;
  /** The saved `reminder_settings` switches; false when there is no row. */
  emailOn: boolean;
  pushOn: boolean;
  subscriptions: StoredSubscription[];
}

export async function recipientOf(db: Queryable, userId: string): Promise<ReminderRecipient> {
  const { rows } = await db.query<{
    email: string | null;
    email_on: boolean | null;
    push_on: boolean | null;
    subscriptions: StoredSubscription[] | null;
  }>(
    `SELECT u.email, s.email AS email_on, s.push AS push_on,
            (SELECT json_agg(json_build_object('subscription_id', p.id::text,
                      'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth)
                      ORDER BY p.created_at)
             FROM public.push_subscriptions p WHERE p.user_id = u.id) AS subscriptions
     FROM auth.users u LEFT JOIN public.reminder_settings s ON s.user_id = u.id
     WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return {
    userId,
    email: row?.email ?? '',
    emailOn: row?.email_on === true,
    pushOn: row?.push_on === true,
    subscriptions: row?.subscriptions ?? [],
  };
}

/** The unsubscribe link's change: the person's e-mail reminders off, nothing else. */
export async function turnOffEmailReminders(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE public.reminder_settings SET email = false WHERE user_id = $1', [userId]);
}
