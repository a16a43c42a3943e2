import type { SupabaseClient } from '@supabase/supabase-js';
import { within } from '../lib/within.ts';

// This browser's Web Push subscription (docs/decisions/043) belongs to the
// person signed in on it: the Reminders screen makes it, and Log Out takes it
// away, so that on a shared device the previous person's reminders stop
// arriving (docs/decisions/068).

/** A browser that cannot subscribe may never answer either; Log Out waits this long for it. */
const PUSH_WAIT_MS = 3000;

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's current subscription, if any (no prompt). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Deletes this browser's row of `push_subscriptions` through the data API,
 * as the person (row-level security lets them delete only their own), while
 * the session is still there and the network may be; then unsubscribes the
 * browser, which needs neither. Offline the row stays, but the push service
 * then refuses the server's next message for it and the server deletes the
 * row itself. Never throws: Log Out goes on whatever happens here.
 */
export async function forgetThisDevicePush(dataClient: SupabaseClient | null): Promise<void> {
  try {
    const subscription = await within(currentSubscription(), PUSH_WAIT_MS, null);
    if (!subscription) return;
    if (dataClient && navigator.onLine !== false) {
      const deleted = Promise.resolve(
        dataClient.from('push_subscriptions').delete().eq('endpoint', subscription.endpoint),
      );
      const { error } = await within(deleted, PUSH_WAIT_MS, { error: 'no answer' });
      if (error) console.warn("This device's push subscription could not be deleted", error);
    }
    await within(subscription.unsubscribe(), PUSH_WAIT_MS, false);
  } catch (error) {
    console.warn("This browser's push subscription could not be ended", error);
  }
}
