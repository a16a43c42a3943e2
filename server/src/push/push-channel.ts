import type { Database } from '../db/database.ts';
import type { PushTransport } from './deliver.ts';
import { sendTestPush } from './send-test-push.ts';

// Web Push as one channel of "Send a test reminder" (POST /reminders/v1/test):
// the shape of reminders/reminder-channels.ts's ReminderChannel, so that its
// channelsFor() adds it with one line when the server has VAPID keys. It is
// on for a person who has at least one subscription and push turned on; a
// send that reaches none of their devices is a failure the route reports.

export interface PushChannel {
  id: 'push';
  label: string;
  isOn(recipient: { userId: string }): Promise<boolean>;
  send(recipient: { userId: string }): Promise<void>;
}

export class PushNotDelivered extends Error {}

export function pushChannel(db: Database, transport: PushTransport): PushChannel {
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
