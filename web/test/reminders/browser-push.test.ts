import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deviceLabel,
  PushUnavailable,
  subscribeThisBrowser,
} from '../../src/features/reminders/browser-push.ts';

// The browser side of "Notifications on this device": a browser that never
// finishes subscribing (iOS outside an installed app can hang) gets a clear
// message after the timeout instead of a switch that spins for ever, and
// permission is asked for by the subscription itself, from the tap.

const KEY = 'B' + 'A'.repeat(86);

function browserWithPush(subscribe: () => Promise<unknown>, permission: NotificationPermission) {
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { subscribe } }) },
  });
  return { requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('subscribing this browser', () => {
  it('ends a subscription that never finishes with a message saying what to do', async () => {
    browserWithPush(() => new Promise(() => {}), 'granted');
    const attempt = subscribeThisBrowser(KEY, 50);
    await expect(attempt).rejects.toBeInstanceOf(PushUnavailable);
    await expect(attempt).rejects.toThrow(
      /did not finish .* within 0.05 seconds.*Add to Home Screen/,
    );
  });

  it('asks for permission, and says how to allow notifications when they are blocked', async () => {
    const subscribe = vi.fn();
    const { requestPermission } = browserWithPush(subscribe, 'denied');
    await expect(subscribeThisBrowser(KEY, 50)).rejects.toThrow(/blocked .* site settings/);
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('subscribes with userVisibleOnly and the server key, and answers the keys to keep', async () => {
    const subscribe = vi.fn(async () => ({
      toJSON: () => ({
        endpoint: 'https://push.example/1',
        keys: { p256dh: KEY, auth: 'a'.repeat(22) },
      }),
    }));
    browserWithPush(subscribe, 'granted');
    expect(await subscribeThisBrowser(KEY, 1000)).toEqual({
      endpoint: 'https://push.example/1',
      p256dh: KEY,
      auth: 'a'.repeat(22),
    });
    const [options] = subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
  });
});

describe('the device label', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox on Windows',
    ],
  ])('names %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});
