import type { PushSubscription as SavedBrowser } from '@monitor/contract/push';
import { isMobileApp } from '../../../lib/mobile-app';
import { getPushPublicKey, savePushBrowser } from '../api/push-browsers';

/**
 * This browser and web push (issue #27): whether it can take push notifications, which of the
 * user's saved browsers it is, and subscribing it, which asks for permission at that moment only.
 */

/**
 * Whether the Push option is offered: the browser has a service worker and the Push API, and the
 * page is not inside the native app, which has no push bridge (decision 083).
 */
export function canPushHere(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    !isMobileApp()
  );
}

/** This browser's push endpoint, if it is subscribed; null before the service worker is there. */
export async function thisBrowserEndpoint(): Promise<string | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

export const PUSH_BLOCKED =
  'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.';
export const PUSH_NOT_READY =
  'This browser could not be set up for notifications. Reload the page and try again.';

/** Why subscribing failed, in words for the form. */
export class PushSetupError extends Error {}

/**
 * Asks for permission (now, on the user's click), subscribes this browser to the server's key and
 * saves it for the user under `name`; answers the saved browser.
 */
export async function subscribeThisBrowser(name: string): Promise<SavedBrowser> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(PUSH_BLOCKED);
  const registration = await readyRegistration();
  const key = await getPushPublicKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(key),
  });
  const json = subscription.toJSON();
  return savePushBrowser({
    Endpoint: subscription.endpoint,
    Keys: { P256dh: json.keys?.p256dh ?? '', Auth: json.keys?.auth ?? '' },
    Name: name,
  });
}

/** The service worker's registration, waiting a little for one that is still starting. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  const registration = await Promise.race([ready, timeout]);
  if (!registration) throw new PushSetupError(PUSH_NOT_READY);
  return registration;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A name for this browser the user can change: "Chrome on Android". */
export function guessBrowserName(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}
