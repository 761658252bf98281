import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createDeliveringTestApp } from '../../../test/helpers/job-queue';
import type { TestApp } from '../../../test/helpers/test-app';
import { bearer } from '../../../test/helpers/factories';
import { createSharedUnit } from '../../../test/helpers/shared-unit';
import { DEFAULT_POINTS, addAlarmPoints, postReadings } from '../../../test/helpers/alarm-units';
import { startPushService, type PushService } from '../../../test/helpers/push-service';
import type { PushMessage } from '@monitor/contract/push';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`alarms by push to browsers, through the job queue on ${database} (issue #27, decision 083)`, () => {
  let service: PushService;
  let t: TestApp;

  beforeAll(async () => {
    service = await startPushService();
    t = await createDeliveringTestApp(
      { config: { push: loadConfig({ PUSH_SERVICE_HOSTS: service.host }).push } },
      { retryLimit: 3 },
    );
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    auth: string | null,
    body?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(auth && { headers: bearer(auth) }),
      ...(body && { payload: body }),
    });

  /** A browser of the stand-in's, subscribed by the signed-in user: its id. */
  async function subscribeBrowser(auth: string, name: string): Promise<number> {
    const response = await call('POST', '/api/push/subscriptions', auth, {
      ...service.subscribe(),
      Name: name,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ Id: number }>().Id;
  }

  const pushNotification = (deviceId: number, browserId: number, extra: object = {}) => ({
    DeviceId: deviceId,
    AlarmType: 'TEMP',
    MessageType: 'PUSH',
    MessageAddress: String(browserId),
    ...extra,
  });

  /** Waits (up to 15 s) until the push service has taken `count` messages in all. */
  async function waitForPushes(count: number): Promise<PushMessage[]> {
    for (let waited = 0; waited < 15_000 && service.received.length < count; waited += 100)
      await sleep(100);
    expect(service.received.length).toBeGreaterThanOrEqual(count);
    return service.received.map((r) => r.payload as PushMessage);
  }

  it('tells the owner and a sub-account each in their own browser and unit, and the buttons answer for that event only', async () => {
    service.received.length = 0;
    const unit = await createSharedUnit(t, { name: 'Cabin' });
    await addAlarmPoints(t.ctx, unit.ownerRowId, DEFAULT_POINTS);
    await t.ctx.db
      .updateTable('users')
      .set({ temp_pref: 'C' })
      .where('id', '=', unit.sub.id)
      .execute();
    const ownerBrowser = await subscribeBrowser(unit.ownerToken, 'Owner phone');
    const subBrowser = await subscribeBrowser(unit.subToken, 'Sub phone');
    const made = [
      await call(
        'POST',
        '/api/notifications',
        unit.ownerToken,
        pushNotification(unit.ownerRowId, ownerBrowser),
      ),
      await call(
        'POST',
        '/api/notifications',
        unit.subToken,
        pushNotification(unit.subRowId, subBrowser),
      ),
    ];
    expect(made.map((r) => r.statusCode)).toEqual([200, 200]);

    t.advanceTime(60_000);
    await postReadings(t, unit.device, [[t.ctx.now(), { Temperature: 97 }]]);
    const [first, second] = await waitForPushes(2);
    const byUrl = new Map([first!, second!].map((p) => [p.url, p]));
    const toOwner = byUrl.get(`${t.ctx.config.publicUrl}/devices/${unit.ownerRowId}`)!;
    const toSub = byUrl.get(`${t.ctx.config.publicUrl}/devices/${unit.subRowId}`)!;
    expect(toOwner.title).toBe(`ALARM: Temperature out of range - Cabin (${unit.device.serial})`);
    expect(toOwner.body).toContain('URGENT: Temperature out of range. Please take action!');
    expect(toOwner.body).toContain('Temperature 97.0°F (range 40°F to 85°F)');
    // The sub-account reads Celsius; the unit's zone is the same for both.
    expect(toSub.body).toContain('Temperature 36.1°C (range 4.4°C to 29.4°C)');
    expect(toSub.body).toMatch(/\d{4} at \d{1,2}:\d{2} [AP]M /);
    // The page is the notification's tap, not a line of its text.
    expect(toOwner.body).not.toContain('http');
    const eventId = toOwner.eventId!;
    expect(toSub.eventId).toBe(eventId);
    expect(toOwner.tag).toBe(`alarm-${eventId}`);
    expect(service.received.map((r) => r.urgency)).toEqual(['high', 'high']);

    // A token is worth its event: another event's call is refused.
    const elsewhere = await call(
      'POST',
      `/api/alarms/${eventId + 1000}/acknowledge?token=${encodeURIComponent(toSub.token!)}`,
      null,
    );
    expect(elsewhere.statusCode).toBe(403);
    const acknowledged = await call(
      'POST',
      `/api/alarms/${eventId}/acknowledge?token=${encodeURIComponent(toSub.token!)}`,
      null,
    );
    expect(acknowledged.statusCode).toBe(200);
    const event = await t.ctx.db
      .selectFrom('alarm_events')
      .select(['acknowledged_by', 'acknowledged_via'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ acknowledged_by: unit.sub.email_address, acknowledged_via: 'push' });
    // The owner hears who answered; the browser that answered does not.
    const [, , notice] = await waitForPushes(3);
    expect(notice!.url).toBe(`${t.ctx.config.publicUrl}/devices/${unit.ownerRowId}`);
    expect(notice!.body).toContain(`acknowledged by ${unit.sub.email_address}`);
    expect(notice!.token).toBeNull();

    const snoozed = await call(
      'POST',
      `/api/alarms/${eventId}/snooze?token=${encodeURIComponent(toOwner.token!)}`,
      null,
      { Hours: 1 },
    );
    expect(snoozed.statusCode).toBe(200);
    const snooze = await t.ctx.db
      .selectFrom('alarm_snoozes')
      .select(['snoozed_by', 'via'])
      .where('user_device_id', '=', unit.ownerRowId)
      .executeTakeFirstOrThrow();
    expect(snooze).toEqual({ snoozed_by: unit.owner.email_address, via: 'push' });

    t.advanceTime(60_000);
    await postReadings(t, unit.device, [[t.ctx.now(), { Temperature: 70 }]]);
    const clears = (await waitForPushes(5)).slice(3);
    expect(clears.map((p) => p.title)).toEqual([
      `All clear: Temperature back in range - Cabin (${unit.device.serial})`,
      `All clear: Temperature back in range - Cabin (${unit.device.serial})`,
    ]);
    expect(clears.map((p) => p.token)).toEqual([null, null]);
    expect(service.received.slice(3).map((r) => r.urgency)).toEqual(['normal', 'normal']);
  });

  it('removes a browser whose push service says its subscription ended, with its notifications, and does not retry', async () => {
    service.received.length = 0;
    const unit = await createSharedUnit(t);
    await addAlarmPoints(t.ctx, unit.ownerRowId, DEFAULT_POINTS);
    const browser = await subscribeBrowser(unit.ownerToken, 'Old phone');
    const made = await call(
      'POST',
      '/api/notifications',
      unit.ownerToken,
      pushNotification(unit.ownerRowId, browser),
    );
    expect(made.statusCode).toBe(200);
    service.answer(410);
    try {
      t.advanceTime(60_000);
      await postReadings(t, unit.device, [[t.ctx.now(), { Temperature: 97 }]]);
      let delivery;
      for (let waited = 0; waited < 15_000; waited += 100) {
        delivery = await t.ctx.db
          .selectFrom('deliveries as d')
          .innerJoin('alarm_events as e', 'e.id', 'd.alarm_event_id')
          .select(['d.status', 'd.attempts', 'd.last_error'])
          .where('e.user_device_id', '=', unit.ownerRowId)
          .where('d.channel', '=', 'push')
          .executeTakeFirst();
        if (delivery?.status === 'failed') break;
        await sleep(100);
      }
      expect(delivery).toEqual({
        status: 'failed',
        attempts: 1,
        last_error:
          "the push service says this browser's subscription ended; removed 1 subscription(s) of it",
      });
    } finally {
      service.answer(null);
    }
    expect(
      await t.ctx.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('id', '=', browser)
        .execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_device_id', '=', unit.ownerRowId)
        .execute(),
    ).toEqual([]);
  });

  it('lets a sub-account add, change and remove push notifications to its own browsers only, and removes them when the unit is taken from it (decision 083, device-management §6)', async () => {
    const unit = await createSharedUnit(t);
    const ownerBrowser = await subscribeBrowser(unit.ownerToken, 'Owner phone');
    const subBrowser = await subscribeBrowser(unit.subToken, 'Sub phone');
    const otherSubBrowser = await subscribeBrowser(unit.subToken, 'Sub laptop');
    const sub = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
      call(method, url, unit.subToken, body);

    const email = {
      ...pushNotification(unit.subRowId, subBrowser),
      MessageType: 'EMAIL',
      MessageAddress: 'x@example.com',
    };
    expect((await sub('POST', '/api/notifications', email)).statusCode).toBe(403);
    const ownersBrowser = await sub(
      'POST',
      '/api/notifications',
      pushNotification(unit.subRowId, ownerBrowser),
    );
    expect(ownersBrowser.statusCode).toBe(400);
    expect(ownersBrowser.json()).toEqual({
      error: { code: 400, message: 'This browser is not among yours.' },
    });
    const made = await sub(
      'POST',
      '/api/notifications',
      pushNotification(unit.subRowId, subBrowser),
    );
    expect(made.statusCode).toBe(200);
    const id = made.json<{ Id: number }>().Id;
    expect(made.json()).toMatchObject({
      DeviceId: unit.ownerRowId,
      MessageType: 'PUSH',
      MessageAddress: String(subBrowser),
    });

    // To another of its browsers: yes; to e-mail: no.
    const moved = await sub(
      'PUT',
      `/api/notifications/${id}`,
      pushNotification(unit.subRowId, otherSubBrowser),
    );
    expect(moved.statusCode).toBe(200);
    expect((await sub('PUT', `/api/notifications/${id}`, email)).statusCode).toBe(403);
    // The owner may change it, keeping its browser, but not hand it to a browser of their own.
    const owners = (body: object) => call('PUT', `/api/notifications/${id}`, unit.ownerToken, body);
    expect(
      (await owners(pushNotification(unit.ownerRowId, otherSubBrowser, { RepeatMinutes: 15 })))
        .statusCode,
    ).toBe(200);
    // The owner's own notification stays theirs.
    const theirs = await call(
      'POST',
      '/api/notifications',
      unit.ownerToken,
      pushNotification(unit.ownerRowId, ownerBrowser),
    );
    expect(
      (await sub('DELETE', `/api/notifications/${theirs.json<{ Id: number }>().Id}`)).statusCode,
    ).toBe(403);

    const removed = await call(
      'DELETE',
      `/api/users/removeSubAccount?subUserId=${unit.sub.id}&subUserDeviceId=${unit.subRowId}`,
      unit.ownerToken,
    );
    expect(removed.statusCode).toBe(200);
    const left = await t.ctx.db
      .selectFrom('notifications')
      .select(['message_address'])
      .where('user_device_id', '=', unit.ownerRowId)
      .execute();
    expect(left).toEqual([{ message_address: String(ownerBrowser) }]);
  });
});
