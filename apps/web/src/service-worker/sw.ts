/// <reference lib="webworker" />
import type { PushMessage } from '@monitor/contract/push';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker (issue #27, decision 084): it keeps the app's code for offline use, shows the
 * server's push messages, and answers an alarm from its notification without opening the app.
 * Built by vite-plugin-pwa (`injectManifest`), which writes the list of built files into
 * `__WB_MANIFEST`.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The shell and every page's code, kept by their content's hash; an older build's go on update.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page is the server's answer while it can be reached: public pages are rendered there, and a
// signed-in page always starts from the newest shell. Offline, a signed-in page starts from the
// kept shell, which shows the readings it last had (the persisted query cache).
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  }),
);

// The first worker takes the open pages at once, so a page loaded before it is kept offline too;
// a newer one waits for the update prompt.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The update prompt's "reload": the waiting worker takes over, then the page reloads.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const ICON = '/icons/icon-192.png';

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  const isAlarm = message.token !== null;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: ICON,
      badge: ICON,
      data: message,
      // An alarm stays on screen until it is answered; each telling of it sounds again.
      requireInteraction: isAlarm,
      renotify: isAlarm,
      actions: isAlarm
        ? [
            { action: 'acknowledge', title: 'Acknowledge' },
            { action: 'snooze', title: 'Snooze 1 h' },
          ]
        : [],
    } as NotificationOptions),
  );
});

function readMessage(data: PushMessageData | null): PushMessage | null {
  try {
    return (data?.json() as PushMessage | undefined) ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  const message = event.notification.data as PushMessage;
  event.notification.close();
  if (event.action === 'acknowledge' || event.action === 'snooze')
    event.waitUntil(answer(message, event.action));
  else event.waitUntil(openPage(message.url));
});

/**
 * Acknowledge or Snooze 1 h with the event's token (alarm-links.ts), without opening the app; the
 * outcome replaces the alarm's notification, quietly. Offline or refused, it says so, and a tap
 * opens the device page to answer there.
 */
async function answer(message: PushMessage, action: 'acknowledge' | 'snooze'): Promise<void> {
  const token = encodeURIComponent(message.token ?? '');
  const url = `/api/alarms/${message.eventId}/${action}?token=${token}`;
  let done = false;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: action === 'snooze' ? JSON.stringify({ Hours: 1 }) : '{}',
      credentials: 'omit',
    });
    done = response.ok;
  } catch {
    done = false;
  }
  const title = done
    ? action === 'acknowledge'
      ? 'Alarm acknowledged'
      : 'Alarms snoozed for 1 hour'
    : action === 'acknowledge'
      ? 'Could not acknowledge the alarm'
      : 'Could not snooze the alarms';
  await self.registration.showNotification(title, {
    body: done ? message.title : 'Tap to open the device and try there.',
    tag: message.tag,
    icon: ICON,
    data: { ...message, token: null },
    silent: true,
  });
}

/** Focuses a window of the app on the page, or opens one. */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    // A window the worker does not control cannot be navigated: a new one opens instead.
    if (await open.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}
