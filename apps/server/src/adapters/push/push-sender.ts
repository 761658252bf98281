/**
 * The web push port (issue #27, decision 082): one encrypted message to one browser's push
 * service. Implementation: web-push-sender.ts. Web push needs no account anywhere (the server
 * signs with its own VAPID key), so there is no local stand-in: the browser's push service is the
 * provider, and tests post to a local one (`test/helpers/push-service.ts`).
 */
export type PushSender = {
  /**
   * Sends `payload` (JSON text, encrypted on the way) to the browser: 'sent' once its push service
   * took it, 'gone' when the service says the subscription ended (404 or 410), so it is removed.
   * Any other answer or a network failure throws: the delivery is tried again.
   */
  send: (to: PushTarget, payload: string, options?: PushOptions) => Promise<'sent' | 'gone'>;
};

/** A browser's subscription: where to post and the keys the payload is encrypted to. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  /** How long the push service may keep it for a browser that is offline (RFC 8030 §5.2). */
  ttlSeconds?: number;
  /** An alarm wakes the phone (`high`); an all-clear may wait (`normal`; RFC 8030 §5.3). */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces one not yet delivered (RFC 8030 §5.4). */
  topic?: string;
};
