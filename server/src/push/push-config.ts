import type { Config } from '../config.ts';
import type { PushTransport } from './deliver.ts';
import type { VapidKeys } from './vapid-keys.ts';

/**
 * How this server sends push messages, or undefined when it has no VAPID
 * keys (neither in the environment nor kept in DATA_DIR): then nothing is
 * sent and /config.json tells the app to hide the switch.
 */
export function pushTransport(
  config: Config,
  kept: VapidKeys | undefined,
): PushTransport | undefined {
  const vapid = config.push.vapidKeys ?? kept;
  if (!vapid) return undefined;
  return {
    vapid,
    subject: config.push.subject,
    allowPrivate: config.push.allowPrivateEndpoints,
  };
}
