import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { loadConfig } from '../../platform/config/config';
import { PUSH_SERVICE_REFUSED, PUSH_SUBSCRIPTION_NOT_FOUND } from './push-subscriptions.service';

/** A browser's subscription as `PushSubscription.toJSON()` gives it, with real keys. */
function browser(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    Endpoint: endpoint,
    Keys: {
      P256dh: ecdh.getPublicKey().toString('base64url'),
      Auth: randomBytes(16).toString('base64url'),
    },
    Name: 'Kitchen iPad',
  };
}

describe('push subscriptions: the caller’s browsers (issue #27, decision 082)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    otherToken = await signIn(t.app, await createUser(t.ctx));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth: string, body?: object) =>
    t.app.inject({ method, url, headers: bearer(auth), ...(body && { payload: body }) });
  const list = async (auth: string) =>
    (await call('GET', '/api/push/subscriptions', auth)).json<{
      subscriptions: { Id: number; Name: string; Endpoint: string }[];
    }>().subscriptions;

  it('answers one VAPID public key, made once and kept in the database', async () => {
    const first = await call('GET', '/api/push/publickey', token);
    expect(first.statusCode).toBe(200);
    const key = first.json<{ PublicKey: string }>().PublicKey;
    // An uncompressed P-256 point: 0x04, then x and y.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    expect((await call('GET', '/api/push/publickey', otherToken)).json()).toEqual({
      PublicKey: key,
    });
    const stored = await t.ctx.db.selectFrom('push_vapid_keys').selectAll().execute();
    expect(stored.map((row) => row.public_key)).toEqual([key]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/subscriptions' });
    expect(response.statusCode).toBe(401);
  });

  it('saves this browser, named, lists only the caller’s, and keeps their keys to itself', async () => {
    const kitchen = browser();
    const saved = await call('POST', '/api/push/subscriptions', token, kitchen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      Id: expect.any(Number),
      Name: 'Kitchen iPad',
      Endpoint: kitchen.Endpoint,
      CreatedAt: expect.any(String),
    });
    expect(saved.body).not.toContain(kitchen.Keys.Auth);
    expect(await list(token)).toEqual([expect.objectContaining({ Endpoint: kitchen.Endpoint })]);
    expect(await list(otherToken)).toEqual([]);

    // Subscribed again (new keys, a new name): the same row.
    const again = await call('POST', '/api/push/subscriptions', token, {
      ...browser(kitchen.Endpoint),
      Name: 'Kitchen tablet',
    });
    expect(again.json<{ Id: number }>().Id).toBe(saved.json<{ Id: number }>().Id);
    expect((await list(token)).map((s) => s.Name)).toEqual(['Kitchen tablet']);
  });

  it('gives a browser two people subscribed a row each: neither takes it from the other', async () => {
    const shared = browser();
    await call('POST', '/api/push/subscriptions', token, shared);
    const theirs = await call('POST', '/api/push/subscriptions', otherToken, shared);
    expect(theirs.statusCode).toBe(200);
    expect((await list(token)).map((s) => s.Endpoint)).toContain(shared.Endpoint);
    expect((await list(otherToken)).map((s) => s.Endpoint)).toEqual([shared.Endpoint]);
  });

  it.each([
    ['this machine', 'http://127.0.0.1:5432/'],
    ['a cloud’s metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['a push service over http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/fcm/send/x'],
    ['credentials in the address', 'https://user:pw@updates.push.services.mozilla.com/wpush/v2/x'],
  ])('refuses an endpoint on %s, and saves nothing', async (_what, endpoint) => {
    const response = await call('POST', '/api/push/subscriptions', token, browser(endpoint));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 400, message: PUSH_SERVICE_REFUSED } });
    expect((await list(token)).map((s) => s.Endpoint)).not.toContain(endpoint);
  });

  it('takes the push services browsers use, and a host PUSH_SERVICE_HOSTS adds', async () => {
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      const response = await call('POST', '/api/push/subscriptions', token, browser(endpoint));
      expect(response.statusCode).toBe(200);
    }
    const local = await createTestApp({
      config: {
        push: { ...loadConfig({ PUSH_SERVICE_HOSTS: '127.0.0.1:4555' }).push },
      },
    });
    try {
      const localToken = await signIn(local.app, await createUser(local.ctx));
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(localToken),
        payload: browser('http://127.0.0.1:4555/push/1'),
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('refuses keys that are not a browser’s', async () => {
    const bad = browser();
    const response = await call('POST', '/api/push/subscriptions', token, {
      ...bad,
      Keys: { ...bad.Keys, P256dh: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain('Keys.P256dh');
  });

  it('removes the caller’s own browser, and answers 404 for anyone else’s', async () => {
    const saved = (await call('POST', '/api/push/subscriptions', token, browser())).json<{
      Id: number;
    }>();
    const theirs = await call('DELETE', `/api/push/subscriptions/${saved.Id}`, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 404, message: PUSH_SUBSCRIPTION_NOT_FOUND } });
    expect((await list(token)).map((s) => s.Id)).toContain(saved.Id);
    const mine = await call('DELETE', `/api/push/subscriptions/${saved.Id}`, token);
    expect(mine.json()).toEqual({ ok: true });
    expect((await list(token)).map((s) => s.Id)).not.toContain(saved.Id);
  });
});

describe('VAPID keys from the environment (decision 082)', () => {
  it('answers VAPID_PUBLIC_KEY when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const push = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    }).push;
    const t = await createTestApp({ config: { push } });
    try {
      const token = await signIn(t.app, await createUser(t.ctx));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/push/publickey',
        headers: bearer(token),
      });
      expect(response.json()).toEqual({ PublicKey: keys.publicKey });
    } finally {
      await t.close();
    }
  });

  it('stops start-up on one key without the other, or a subject push services refuse', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      'a mailto: address or an https: URL',
    );
    expect(loadConfig({ MAIL_FROM: 'Alarms <alarms@example.com>' }).push.vapidSubject).toBe(
      'mailto:alarms@example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://monitor.example.com' }).push.vapidSubject).toBe(
      'https://monitor.example.com',
    );
  });
});
