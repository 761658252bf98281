import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmLinkView } from '@monitor/contract/alarms';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { attachPuck, createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { insertAlarmDelivery, insertAlarmEvent } from '../../../test/helpers/alarm-events';
import { ALARM_LINK_EXPIRED, alarmLinkToken, alarmLinkUrl } from './alarm-links';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const COLLEAGUE = 'night-shift@example.com';

describe('issue #23 alarm links: GET /api/alarms/{Id}?token= and the token', () => {
  let t: TestApp;
  let owner: TestUser;
  let ownerRowId: number;
  let puckEvent: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ temp_pref: 'C' })
      .where('id', '=', owner.id)
      .execute();
    const unit = await createDevice(t.ctx);
    ownerRowId = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: unit.id,
      name: 'Walk-in freezer',
    });
    const puck = await attachPuck(t.ctx, unit.id, { location: 'Back shelf' });
    const at = new Date(t.ctx.now().getTime() - 30 * MINUTE);
    puckEvent = await insertAlarmEvent(t.ctx, ownerRowId, {
      at,
      peripheral_id: puck.id,
      alarm_type: 'SPUCK_TEMP',
      peak_value: 48.5,
      acknowledged_at: at,
      acknowledged_by: owner.email_address,
      acknowledged_via: 'dashboard',
    });
    await insertAlarmDelivery(t.ctx, puckEvent, { address: COLLEAGUE });
  });
  afterAll(() => t.close());

  const view = (id: number, token?: string, session: string | null = null) =>
    injectAs(
      t.app,
      session,
      'GET',
      `/api/alarms/${id}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    );

  it('issue #23 alarm links: makes the acknowledge page’s link under PUBLIC_URL, bound to the event and the recipient', async () => {
    const url = await alarmLinkUrl(t.ctx, { eventId: puckEvent, address: COLLEAGUE });
    const match = /^http:\/\/localhost:3000\/alarms\/(\d+)\/acknowledge\?token=(.+)$/.exec(url);
    expect(match?.[1]).toBe(String(puckEvent));
    const token = decodeURIComponent(match![2]!);
    expect(token).toBe(await alarmLinkToken(t.ctx, { eventId: puckEvent, address: COLLEAGUE }));
    expect((await view(puckEvent, token)).statusCode).toBe(200);
  });

  it('issue #23 alarm links: the link view shows no more than the message told: unit, sensor, puck, times, peak, state', async () => {
    const token = await alarmLinkToken(t.ctx, { eventId: puckEvent, address: COLLEAGUE });
    const response = await view(puckEvent, token);
    expect(response.statusCode).toBe(200);
    const at = new Date(t.ctx.now().getTime() - 30 * MINUTE).toISOString();
    expect(response.json<AlarmLinkView>()).toEqual({
      Id: puckEvent,
      DeviceName: 'Walk-in freezer',
      SensorType: 'SPUCK_TEMP',
      PuckName: 'Back shelf',
      StartedAt: at,
      EndedAt: null,
      PeakValue: 48.5,
      TempPref: 'C',
      TimeZone: -5,
      State: 'active-acknowledged',
      AcknowledgedBy: owner.email_address,
      AcknowledgedAt: at,
      SnoozedUntil: null,
    });
    // Nothing of the unit beyond its name: not its serial, not who else was told.
    const unit = await t.ctx.db
      .selectFrom('devices')
      .innerJoin('user_devices', 'user_devices.device_id', 'devices.id')
      .select(['devices.serial_number', 'devices.imei'])
      .where('user_devices.id', '=', ownerRowId)
      .executeTakeFirstOrThrow();
    for (const secret of [unit.serial_number, unit.imei, COLLEAGUE])
      expect(response.body).not.toContain(secret);
  });

  it('issue #23 alarm links: without a token the view needs a session that sees the unit (401, 403)', async () => {
    expect((await view(puckEvent)).statusCode).toBe(401);
    const ownerToken = await signIn(t.app, owner);
    expect((await view(puckEvent, undefined, ownerToken)).json<AlarmLinkView>().Id).toBe(puckEvent);
    const stranger = await signIn(t.app, await createUser(t.ctx));
    expect((await view(puckEvent, undefined, stranger)).statusCode).toBe(403);
  });

  it('issue #23 alarm links: a token for event A reads nothing of event B (403), nor of an event that is gone (404 only with a good token)', async () => {
    const other = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'POWER' });
    const tokenA = await alarmLinkToken(t.ctx, { eventId: puckEvent, address: COLLEAGUE });
    const onB = await view(other, tokenA);
    expect(onB.statusCode).toBe(403);
    expect(onB.json().error.message).toBe(
      'This alarm link is not valid. Sign in to acknowledge the alarm.',
    );
    expect((await view(2_000_000, tokenA)).statusCode).toBe(403);
    const gone = await alarmLinkToken(t.ctx, { eventId: 2_000_000, address: COLLEAGUE });
    expect((await view(2_000_000, gone)).statusCode).toBe(404);
  });

  it('issue #23 alarm links: a token is good for 7 days and then refused with 403 and a message to sign in (test clock)', async () => {
    const id = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'HUMIDITY' });
    const token = await alarmLinkToken(t.ctx, { eventId: id, address: COLLEAGUE });
    t.advanceTime(7 * DAY - MINUTE);
    expect((await view(id, token)).statusCode).toBe(200);
    t.advanceTime(MINUTE);
    const expired = await view(id, token);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(ALARM_LINK_EXPIRED);
    expect(ALARM_LINK_EXPIRED).toBe('This link has expired. Sign in to acknowledge the alarm.');
    const acknowledge = await injectAs(
      t.app,
      null,
      'POST',
      `/api/alarms/${id}/acknowledge?token=${encodeURIComponent(token)}`,
    );
    expect(acknowledge.statusCode).toBe(403);
    const row = await t.ctx.db
      .selectFrom('alarm_events')
      .select('acknowledged_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.acknowledged_at).toBeNull();
  });
});
