// Background Sync for the outbox (docs/decisions/041). The page registers the
// tag when an entry stays on the device; the browser fires `sync` when the
// network is back, even if the app was in the background. The worker only
// asks the open pages to drain: they send through supabase-js with a fresh
// token. It never replays a stored request (its token may have expired, and
// a 401 must not count as sent). Copies of web/src/journal/outbox/outbox-sync-messages.ts:
// the worker is built on its own.

declare const self: ServiceWorkerGlobalScope;

const OUTBOX_SYNC_TAG = 'energy-tracker-outbox';
const DRAIN_MESSAGE = 'DRAIN_OUTBOX';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((pages) => pages.forEach((page) => page.postMessage({ type: DRAIN_MESSAGE }))),
  );
});
