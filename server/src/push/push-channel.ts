import type { Database } from '../db/database.ts';
import type { PushTransport } from './deliver.ts';
import type { ReminderChannel } from '../reminders/reminder-channels.ts';
import { sendTestPush } from './send-test-push.ts';

// Web Push as one channel of "Send a test reminder" (POST /reminders/v1/test):
// added to the channel list by app.ts when the server has VAPID keys. It is
// on for a person who has at least one subscription and push turned on; a
// send that reaches none of their devices is a failure the route reports.

export class PushNotDelivered extends Error {}

export function pushChannel(db: Database, transport: PushTransport): ReminderChannel {
  return {
    id: 'push',
    label: 'as a notification',
    async isOn({ userId }) {
      const { rows } = await db.query(
        `SELECT 1 FROM public.reminder_settings s
         WHERE s.user_id = $1 AND s.push
           AND EXISTS (SELECT 1 FROM public.push_subscriptions p WHERE p.user_id = s.user_id)`,
        [userId],
      );
      return rows.length > 0;
    },
    async send({ userId }) {
      const result = await sendTestPush(db, transport, userId);
      if (result.sent === 0) {
        throw new PushNotDelivered(
          `no device took the notification (${result.devices} devices, ${result.gone} gone)`,
        );
      }
    },
  };
}
