/**
 * The Background Sync tag the page registers when an entry stays in the
 * outbox, and the message the service worker then posts to the app's pages
 * (web/src/service-worker/outbox-sync.ts keeps a copy: the worker is built
 * on its own). The worker only asks; the page sends (docs/decisions/041).
 */
export const OUTBOX_SYNC_TAG = 'energy-tracker-outbox';
export const DRAIN_MESSAGE = 'DRAIN_OUTBOX';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the worker when the network returns (where Background Sync exists). */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & SyncRegistration) | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG);
}

/** Calls `drain` whenever the service worker asks; returns how to stop listening. */
export function onWorkerDrainRequest(drain: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === DRAIN_MESSAGE) drain();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
