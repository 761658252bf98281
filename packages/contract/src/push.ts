import { z } from 'zod';
import { IdParam } from './common';

/**
 * Push notifications to the caller's browsers (issue #27, decision 082): the server's VAPID public
 * key, which a browser's `PushManager.subscribe` takes as its `applicationServerKey`, and the
 * subscriptions it gave, one per browser.
 */

/** A key as `PushSubscription.toJSON()` writes it: base64url without padding. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
      `Keys.${what}: not the key a browser's push subscription gives.`,
    );

/** GET /api/push/publickey */
export const PushPublicKey = z.object({
  /** The uncompressed P-256 point, base64url (87 characters). */
  PublicKey: z.string(),
});

/** POST /api/push/subscriptions: this browser's subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionInput = z.object({
  Endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  Keys: z.object({
    /** The browser's P-256 public key (65 bytes). */
    P256dh: base64url(65, 'P256dh'),
    /** The authentication secret (16 bytes). */
    Auth: base64url(16, 'Auth'),
  }),
  /** What the owner calls this browser ("Kitchen iPad"), shown in the list of browsers. */
  Name: z.string().trim().min(1, 'Name this browser.').max(60),
});

/** A browser that receives the caller's push notifications; its keys stay on the server. */
export const PushSubscription = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** So a page can tell whether its own browser is among them. */
  Endpoint: z.string(),
  CreatedAt: z.string(),
});

/** GET /api/push/subscriptions: the caller's browsers, oldest first. */
export const PushSubscriptionList = z.object({ subscriptions: z.array(PushSubscription) });

/** DELETE /api/push/subscriptions/{Id} */
export const PushSubscriptionParams = z.object({ Id: IdParam });

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;
export type PushSubscription = z.infer<typeof PushSubscription>;
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/**
 * What a push message carries to the service worker (decision 083), encrypted to one browser: the
 * message's words, the recipient's own page of the unit, and for an alarm the event and the token
 * of its Acknowledge and Snooze 1 h buttons, worth that one event (null on all-clears and notices).
 */
export type PushMessage = {
  title: string;
  body: string;
  url: string;
  /** One notification per event on the phone: a reminder or the all-clear replaces the alarm. */
  tag: string;
  eventId: number | null;
  token: string | null;
};
