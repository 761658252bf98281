import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createSharedUnit } from '../../../test/helpers/shared-unit';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { insertAlarmEvent } from '../../../test/helpers/alarm-events';
import { alarmLinkToken } from './alarm-links';

const HOUR = 3_600_000;
const COLLEAGUE = 'night-shift@example.com';

describe('issue #23 snooze: POST/DELETE /api/alarms/snooze and POST /api/alarms/{Id}/snooze?token=', () => {
  let t: TestApp;
  let owner: TestUser;
  let sub: TestUser;
  let ownerToken: string;
  let subToken: string;
  let ownerRowId: number;
  let subRowId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, sub, ownerRowId, subRowId, ownerToken, subToken } = await createSharedUnit(t));
  });
  afterAll(() => t.close());

  const snooze = (body: unknown, token: string | null = ownerToken) =>
    injectAs(t.app, token, 'POST', '/api/alarms/snooze', body);
  const unsnooze = (userDeviceId: number, token: string | null = ownerToken) =>
    injectAs(t.app, token, 'DELETE', `/api/alarms/snooze?userDeviceId=${userDeviceId}`);
  const linkSnooze = (id: number, token: string, body: unknown = { Hours: 4 }) =>
    injectAs(
      t.app,
      null,
      'POST',
      `/api/alarms/${id}/snooze?token=${encodeURIComponent(token)}`,
      body,
    );
  const snoozedUntil = async () =>
    (
      await t.ctx.db
        .selectFrom('user_devices')
        .select('alarms_snoozed_until')
        .where('id', '=', ownerRowId)
        .executeTakeFirstOrThrow()
    ).alarms_snoozed_until;
  const snoozes = () =>
    t.ctx.db
      .selectFrom('alarm_snoozes')
      .select(['user_device_id', 'snoozed_at', 'snoozed_until', 'snoozed_by', 'via'])
      .where('user_device_id', '=', ownerRowId)
      .orderBy('id')
      .execute();
  const later = (hours: number) => new Date(t.ctx.now().getTime() + hours * HOUR);

  it('issue #23 snooze: the owner snoozes for 1, 4 or 24 hours; the row says until when and who asked from the dashboard', async () => {
    for (const hours of [1, 4, 24]) {
      const response = await snooze({ UserDeviceId: ownerRowId, Hours: hours });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ SnoozedUntil: later(hours).toISOString() });
      expect(await snoozedUntil()).toEqual(later(hours));
    }
    expect((await snoozes()).at(-1)).toEqual({
      user_device_id: ownerRowId,
      snoozed_at: t.ctx.now(),
      snoozed_until: later(24),
      snoozed_by: owner.email_address,
      via: 'dashboard',
    });
  });

  it('issue #23 snooze: takes only 1, 4 or 24 hours and needs the device (400)', async () => {
    const before = await snoozes();
    for (const body of [
      { UserDeviceId: ownerRowId, Hours: 2 },
      { UserDeviceId: ownerRowId, Hours: '4' },
      { UserDeviceId: ownerRowId },
      { Hours: 1 },
    ])
      expect((await snooze(body)).statusCode).toBe(400);
    expect(await snoozes()).toEqual(before);
  });

  it("issue #23 snooze: is the owner's only: a sub-account is refused (403) on its own row and the owner's, another user too, and no session 401", async () => {
    const before = { until: await snoozedUntil(), rows: await snoozes() };
    const stranger = await signIn(t.app, await createUser(t.ctx));
    for (const [body, token] of [
      [{ UserDeviceId: subRowId, Hours: 1 }, subToken],
      [{ UserDeviceId: ownerRowId, Hours: 1 }, subToken],
      [{ UserDeviceId: ownerRowId, Hours: 1 }, stranger],
    ] as const)
      expect((await snooze(body, token)).statusCode).toBe(403);
    expect((await unsnooze(subRowId, subToken)).statusCode).toBe(403);
    expect((await unsnooze(ownerRowId, stranger)).statusCode).toBe(403);
    expect((await snooze({ UserDeviceId: ownerRowId, Hours: 1 }, null)).statusCode).toBe(401);
    expect((await snooze({ UserDeviceId: 2_000_000, Hours: 1 })).statusCode).toBe(404);
    expect({ until: await snoozedUntil(), rows: await snoozes() }).toEqual(before);
  });

  it('issue #23 snooze: the device answers say until when, to the owner and the sub-account alike; nothing once it ended', async () => {
    await snooze({ UserDeviceId: ownerRowId, Hours: 4 });
    const devicesOf = async (user: TestUser, token: string) =>
      (await injectAs(t.app, token, 'GET', `/api/users/${user.id}/devices`)).json<UserDevice[]>();
    const [ownersUnit] = await devicesOf(owner, ownerToken);
    const [subsUnit] = await devicesOf(sub, subToken);
    expect(ownersUnit!.AlarmsSnoozedUntil).toBe(later(4).toISOString());
    expect(subsUnit!.AlarmsSnoozedUntil).toBe(later(4).toISOString());
    const detail = await injectAs(
      t.app,
      ownerToken,
      'GET',
      `/api/users/${owner.id}/devices/${ownerRowId}`,
    );
    expect(detail.json<UserDevice>().AlarmsSnoozedUntil).toBe(later(4).toISOString());

    const ended = await unsnooze(ownerRowId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ SnoozedUntil: null });
    expect(await snoozedUntil()).toBeNull();
    expect((await devicesOf(owner, ownerToken))[0]!.AlarmsSnoozedUntil).toBeNull();
    // The snooze ended early says so in the log.
    expect((await snoozes()).at(-1)!.snoozed_until).toEqual(t.ctx.now());
  });

  it('issue #23 snooze: an alarm link snoozes its event’s unit in the name of its address, via e-mail', async () => {
    const id = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'POWER' });
    const response = await linkSnooze(
      id,
      await alarmLinkToken(t.ctx, { eventId: id, address: COLLEAGUE }),
      {
        Hours: 24,
        // A link names its unit by its event: a device in the body is not taken.
        UserDeviceId: subRowId,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ SnoozedUntil: later(24).toISOString() });
    expect(await snoozedUntil()).toEqual(later(24));
    expect((await snoozes()).at(-1)).toMatchObject({ snoozed_by: COLLEAGUE, via: 'email' });
    await unsnooze(ownerRowId);
  });

  it('issue #23 snooze: an alarm link for another event, a forged one, none or an expired one snoozes nothing (403)', async () => {
    const id = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'WATER' });
    const otherUnit = await createDevice(t.ctx);
    const otherRow = await registerUserDevice(t.ctx, {
      userId: (await createUser(t.ctx)).id,
      deviceId: otherUnit.id,
    });
    const othersEvent = await insertAlarmEvent(t.ctx, otherRow);
    const before = { until: await snoozedUntil(), rows: await snoozes() };
    const forOther = await alarmLinkToken(t.ctx, { eventId: othersEvent, address: COLLEAGUE });
    expect((await linkSnooze(id, forOther)).statusCode).toBe(403);
    expect((await linkSnooze(id, 'forged.token.x')).statusCode).toBe(403);
    expect(
      (await injectAs(t.app, ownerToken, 'POST', `/api/alarms/${id}/snooze`, { Hours: 1 }))
        .statusCode,
    ).toBe(403);
    const token = await alarmLinkToken(t.ctx, { eventId: id, address: COLLEAGUE });
    t.advanceTime(7 * 24 * HOUR);
    const expired = await linkSnooze(id, token);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(
      'This link has expired. Sign in to acknowledge the alarm.',
    );
    expect({ until: await snoozedUntil(), rows: await snoozes() }).toEqual(before);
  });
});
