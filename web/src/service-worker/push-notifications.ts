/// <reference lib="webworker" />
// Reminders by Web Push (docs/decisions/043): the server's message is shown
// as a notification, and tapping it opens Track with the Activity field
// focused. A check-in carries no journal content, only the title and where
// to go; the weekly review adds one line, its top energizer (docs/decisions/073),
// shown under the title. A message that is not ours still shows the reminder,
// because a push the browser delivers must show a notification (userVisibleOnly).

import { sameOriginPath } from './same-origin-path.ts';

declare const self: ServiceWorkerGlobalScope;

const REMINDER_TITLE = 'How is your energy?';
const TRACK_ACTIVITY = '/?focus=activity';

interface ReminderMessage {
  title: string;
  url: string;
  body?: string;
}

function readMessage(data: PushMessageData | null): ReminderMessage {
  let body: Partial<ReminderMessage> = {};
  try {
    body = (data?.json() ?? {}) as Partial<ReminderMessage>;
  } catch {
    // Not JSON: the reminder as it always is.
  }
  // Only a page of this site: a message must not send anyone elsewhere.
  const url = sameOriginPath(body.url, self.location.origin) ?? TRACK_ACTIVITY;
  return {
    title: typeof body.title === 'string' ? body.title : REMINDER_TITLE,
    url,
    ...(typeof body.body === 'string' ? { body: body.body } : {}),
  };
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      ...(message.body === undefined ? {} : { body: message.body }),
      icon: '/icons/icon-192.png',
      tag: 'reminder',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Checked again at the click: the notification's data is what it was shown with.
  const path =
    sameOriginPath(
      (event.notification.data as { url?: unknown } | null)?.url,
      self.location.origin,
    ) ?? TRACK_ACTIVITY;
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focus while the tap still allows it, then the open app goes to
        // Track (a fresh load, which focuses the field). A browser that does
        // not let this worker focus still moves the app.
        await open.focus().catch(() => undefined);
        await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
