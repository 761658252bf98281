import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  startPushService,
  type Browser,
  type PushService,
} from '../../../test/helpers/push-service';
import { createLogger } from '../../platform/config/logger';
import { createWebPushSender } from './web-push-sender';

const target = (browser: Browser) => ({
  endpoint: browser.Endpoint,
  p256dh: browser.Keys.P256dh,
  auth: browser.Keys.Auth,
});

describe('web push through web-push, to a push service (issue #27, RFC 8030, 8291, 8292)', () => {
  let service: PushService;
  const keys = webpush.generateVAPIDKeys();
  const log = createLogger('silent');
  const sender = createWebPushSender(
    () => Promise.resolve({ subject: 'mailto:alarms@example.com', ...keys }),
    log,
  );
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  it('delivers the payload encrypted to the browser, signed with the VAPID key for the service’s origin', async () => {
    const browser = service.subscribe();
    const outcome = await sender.send(
      target(browser),
      JSON.stringify({ title: 'Greenhouse: temperature alarm', body: '41.2 °F' }),
      { urgency: 'high', ttlSeconds: 3600, topic: 'alarm-17' },
    );
    expect(outcome).toBe('sent');
    expect(service.refused).toEqual([]);
    expect(service.received.at(-1)).toEqual({
      endpoint: browser.Endpoint,
      payload: { title: 'Greenhouse: temperature alarm', body: '41.2 °F' },
      ttl: 3600,
      urgency: 'high',
      topic: 'alarm-17',
      vapid: {
        aud: service.origin,
        sub: 'mailto:alarms@example.com',
        exp: expect.any(Number),
        publicKey: keys.publicKey,
      },
    });
  });

  it('answers gone when the service says the subscription ended (404, 410)', async () => {
    const browser = service.subscribe();
    for (const status of [404, 410]) {
      service.answer(status);
      expect(await sender.send(target(browser), '{}')).toBe('gone');
    }
    service.answer(null);
  });

  it('throws on any other answer, so the delivery is tried again', async () => {
    const browser = service.subscribe();
    service.answer(500);
    await expect(sender.send(target(browser), '{}')).rejects.toThrow(
      'the push service answered 500',
    );
    service.answer(null);
    // A key the service did not sign up with: its check refuses the JWT (403), not taken.
    const other = createWebPushSender(
      () =>
        Promise.resolve({
          subject: 'mailto:alarms@example.com',
          publicKey: keys.publicKey,
          privateKey: webpush.generateVAPIDKeys().privateKey,
        }),
      log,
    );
    await expect(other.send(target(browser), '{}')).rejects.toThrow('answered 403');
    expect(service.refused.at(-1)).toBe('the VAPID JWT is not signed by its key');
  });
});
