import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushOptions, PushSender, PushTarget } from './push-sender';

/** What a push service is given to answer before the delivery is tried again. */
const TIMEOUT_MS = 15_000;
/** An alarm a phone has not fetched in a day is stale: the all-clear or a repeat follows. */
const DEFAULT_TTL_SECONDS = 24 * 3600;

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/**
 * Web push through the `web-push` library: it makes the request the protocols ask for (the
 * payload encrypted to the browser's keys, RFC 8291 aes128gcm; the VAPID JWT, RFC 8292), and
 * `fetch` sends it, so a push service reached over http (PUSH_SERVICE_HOSTS: a test's stand-in)
 * works as well as https.
 */
export function createWebPushSender(
  vapid: () => Promise<VapidDetails>,
  log: Pick<FastifyBaseLogger, 'info'>,
): PushSender {
  return {
    async send(to: PushTarget, payload: string, options: PushOptions = {}) {
      const request = webpush.generateRequestDetails(
        { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
        payload,
        {
          vapidDetails: await vapid(),
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          ...(options.urgency && { urgency: options.urgency }),
          ...(options.topic && { topic: options.topic }),
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      if (response.status === 404 || response.status === 410) {
        // The endpoint is a capability: its host is enough to tell which service said so.
        const host = new URL(to.endpoint).host;
        log.info({ status: response.status, host }, 'push subscription ended at its push service');
        return 'gone';
      }
      throw new Error(`the push service answered ${response.status}`);
    },
  };
}
