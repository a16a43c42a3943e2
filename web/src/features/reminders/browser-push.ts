// The browser's side of Web Push: permission, subscription and a label for
// the device. iOS offers push only to an installed app (added to the Home
// Screen) and only from a tap; a browser that cannot subscribe may also
// never answer, so every wait here ends with a clear message.

import { pushSupported } from '../../session/this-device-push.ts';

export const SUBSCRIBE_TIMEOUT_MS = 10_000;

const HOME_SCREEN_HINT =
  'On iPhone or iPad, add Energy Tracker to the Home Screen first (Share, then Add to Home Screen), open it from there and turn this on again.';

export class PushUnavailable extends Error {}

export function unsupportedMessage(): string {
  return `This browser cannot show notifications from Energy Tracker. ${HOME_SCREEN_HINT}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushUnavailable(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Asks for permission (call from the tap) and subscribes; the keys as the server stores them. */
export async function subscribeThisBrowser(
  vapidPublicKey: string,
  timeoutMs = SUBSCRIBE_TIMEOUT_MS,
) {
  if (!pushSupported()) throw new PushUnavailable(unsupportedMessage());
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushUnavailable(
      'Notifications are blocked for Energy Tracker in this browser. Allow them in the site settings, then turn this on again.',
    );
  }
  const notFinished = `The browser did not finish turning on notifications within ${timeoutMs / 1000} seconds. ${HOME_SCREEN_HINT}`;
  const subscription = await withTimeout(
    navigator.serviceWorker.ready.then((registration) =>
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(vapidPublicKey),
      }),
    ),
    timeoutMs,
    notFinished,
  ).catch((error: unknown) => {
    if (error instanceof PushUnavailable) throw error;
    throw new PushUnavailable(
      `${(error as Error).message || 'The browser could not subscribe.'} ${HOME_SCREEN_HINT}`,
    );
  });
  const json = subscription.toJSON();
  const p256dh = json.keys?.['p256dh'];
  const auth = json.keys?.['auth'];
  if (!json.endpoint || !p256dh || !auth)
    throw new PushUnavailable('The browser gave an incomplete subscription.');
  return { endpoint: json.endpoint, p256dh, auth };
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** "Firefox on Android": what the person sees in the list of devices. */
export function deviceLabel(userAgent: string): string {
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? 'Browser';
  const system =
    [
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? 'this device';
  return `${browser} on ${system}`;
}
