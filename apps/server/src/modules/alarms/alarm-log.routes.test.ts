import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmEventPage } from '@monitor/contract/alarms';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createSharedUnit } from '../../../test/helpers/shared-unit';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { insertAlarmDelivery, insertAlarmEvent } from '../../../test/helpers/alarm-events';
import { countRoundTrips } from '../../../test/helpers/round-trips';

const MINUTE = 60_000;

describe('issue #23 alarm log: GET /api/alarms', () => {
  let t: TestApp;
  let owner: TestUser;
  let sub: TestUser;
  let ownerToken: string;
  let subToken: string;
  let ownerRowId: number;
  let subRowId: number;
  /** Oldest first: before the sub-account was given the unit, then two after. */
  let events: number[];
  let at: (minutesAgo: number) => Date;

  beforeAll(async () => {
    t = await createTestApp();
    at = (minutesAgo) => new Date(t.ctx.now().getTime() - minutesAgo * MINUTE);
    ({ owner, sub, ownerRowId, subRowId, ownerToken, subToken } = await createSharedUnit(t, {
      visibleFrom: at(60),
    }));

    const [toOwner, toSub, waiting] = await t.ctx.db
      .insertInto('notifications')
      .values([
        {
          user_device_id: ownerRowId,
          alarm_type: 'TEMP',
          message_type: 'EMAIL',
          message_address: owner.email_address,
        },
        {
          user_device_id: ownerRowId,
          alarm_type: 'TEMP',
          message_type: 'EMAIL',
          message_address: sub.email_address,
        },
        {
          user_device_id: ownerRowId,
          alarm_type: 'TEMP',
          message_type: 'SMS',
          message_address: '15855550101',
          wait_minutes: 10,
        },
      ])
      .returning('id')
      .execute();
    const before = await insertAlarmEvent(t.ctx, ownerRowId, {
      at: at(180),
      closed_at: at(170),
      closing_report_at: at(170),
    });
    const cleared = await insertAlarmEvent(t.ctx, ownerRowId, {
      at: at(30),
      raised_report_at: at(28),
      peak_value: 95.5,
      closed_at: at(15),
      closing_report_at: at(15),
      acknowledged_at: at(20),
      acknowledged_by: owner.email_address,
      acknowledged_via: 'email',
    });
    const active = await insertAlarmEvent(t.ctx, ownerRowId, {
      at: at(10),
      alarm_type: 'POWER',
      opening_value: 0,
      peak_value: 0,
    });
    events = [before, cleared, active];
    const told = (spec: Parameters<typeof insertAlarmDelivery>[2]) =>
      insertAlarmDelivery(t.ctx, cleared, spec);
    await told({ address: owner.email_address, notification_id: toOwner!.id });
    await told({ address: sub.email_address, notification_id: toSub!.id });
    await told({ address: owner.email_address, notification_id: toOwner!.id, step: 1 });
    await told({
      address: '15855550101',
      channel: 'sms',
      notification_id: waiting!.id,
      status: 'failed',
      sent_at: null,
    });
    await told({ address: owner.email_address, kind: 'alarm-late', step: null });
    await told({ address: owner.email_address, kind: 'all-clear', step: null });
    await told({
      address: sub.email_address,
      kind: 'alarm-acknowledged',
      step: null,
      status: 'queued',
      sent_at: null,
    });
    // Before migration 031 the all-clear was an 'alarm' without a step.
    await told({
      address: owner.email_address,
      step: null,
      subject: 'All clear: Temperature back in range - Unit (1)',
    });
    await insertAlarmDelivery(t.ctx, before, { address: owner.email_address });
  });
  afterAll(() => t.close());

  const log = (token: string | null, query: Record<string, number>) =>
    injectAs(
      t.app,
      token,
      'GET',
      `/api/alarms?${new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
    );

  it("issue #23 alarm log: answers the owner row's events newest first, paged, with the total", async () => {
    const first = await log(ownerToken, { userDeviceId: ownerRowId, pageSize: 2 });
    expect(first.statusCode).toBe(200);
    const page = first.json<AlarmEventPage>();
    expect(page).toMatchObject({ Page: 1, PageSize: 2, Total: 3 });
    expect(page.Events.map((e) => e.Id)).toEqual([events[2], events[1]]);
    const second = (
      await log(ownerToken, { userDeviceId: ownerRowId, page: 2, pageSize: 2 })
    ).json<AlarmEventPage>();
    expect(second.Events.map((e) => e.Id)).toEqual([events[0]]);
    const past = (
      await log(ownerToken, { userDeviceId: ownerRowId, page: 3, pageSize: 2 })
    ).json<AlarmEventPage>();
    expect(past).toMatchObject({ Events: [], Total: 3, Snoozes: [] });
  });

  it('issue #23 alarm log: gives each event its times, peak, acknowledgement and ISA-18.2 state', async () => {
    const page = (await log(ownerToken, { userDeviceId: ownerRowId })).json<AlarmEventPage>();
    const [active, cleared] = page.Events;
    expect(cleared).toMatchObject({
      UserDeviceId: ownerRowId,
      SensorType: 'TEMP',
      PeripheralId: null,
      StartedAt: at(30).toISOString(),
      RaisedAt: at(28).toISOString(),
      EndedAt: at(15).toISOString(),
      PeakValue: 95.5,
      AcknowledgedAt: at(20).toISOString(),
      AcknowledgedBy: owner.email_address,
      AcknowledgedVia: 'email',
      State: 'cleared-acknowledged',
    });
    // Power has no worst reading to show.
    expect(active).toMatchObject({
      SensorType: 'POWER',
      EndedAt: null,
      PeakValue: null,
      AcknowledgedBy: null,
      State: 'active-unacknowledged',
    });
  });

  it("issue #23 alarm log: names each delivery's kind: alarm, escalation (its notification waits), repeat, late, all-clear, acknowledged", async () => {
    const page = (await log(ownerToken, { userDeviceId: ownerRowId })).json<AlarmEventPage>();
    const cleared = page.Events.find((e) => e.Id === events[1])!;
    expect(cleared.Deliveries.map((d) => [d.Kind, d.Channel, d.Address, d.Status])).toEqual([
      ['alarm', 'email', owner.email_address, 'sent'],
      ['alarm', 'email', sub.email_address, 'sent'],
      ['repeat', 'email', owner.email_address, 'sent'],
      ['escalation', 'sms', '15855550101', 'failed'],
      ['late', 'email', owner.email_address, 'sent'],
      ['all-clear', 'email', owner.email_address, 'sent'],
      ['acknowledged', 'email', sub.email_address, 'queued'],
      ['all-clear', 'email', owner.email_address, 'sent'],
    ]);
    expect(cleared.Deliveries[0]).toMatchObject({
      QueuedAt: expect.any(String),
      SentAt: t.ctx.now().toISOString(),
    });
    expect(cleared.Deliveries[3]!.SentAt).toBeNull();
  });

  it('issue #23 alarm log: shows a sub-account, through its own row, only the events from its visible_from on (decision 017)', async () => {
    const response = await log(subToken, { userDeviceId: subRowId });
    expect(response.statusCode).toBe(200);
    const page = response.json<AlarmEventPage>();
    expect(page.Total).toBe(2);
    expect(page.Events.map((e) => e.Id)).toEqual([events[2], events[1]]);
    expect(response.body).not.toContain(at(180).toISOString());
  });

  it("issue #23 alarm log: shows a sub-account its own address and masks the owner's e-mail and phone", async () => {
    const page = (await log(subToken, { userDeviceId: subRowId })).json<AlarmEventPage>();
    const cleared = page.Events.find((e) => e.Id === events[1])!;
    const masked = `${owner.email_address.charAt(0)}***@example.com`;
    expect(cleared.AcknowledgedBy).toBe(masked);
    expect(cleared.Deliveries.map((d) => d.Address)).toEqual([
      masked,
      sub.email_address,
      masked,
      '***-***-0101',
      masked,
      masked,
      sub.email_address,
      masked,
    ]);
    expect(JSON.stringify(page)).not.toContain(owner.email_address);
  });

  it("issue #23 alarm log: refuses another user's device with 403 as every device call, an unknown one with 404, no session with 401", async () => {
    const stranger = await signIn(t.app, await createUser(t.ctx));
    expect((await log(stranger, { userDeviceId: ownerRowId })).statusCode).toBe(403);
    expect((await log(stranger, { userDeviceId: 2_000_000 })).statusCode).toBe(404);
    // A sub-account names the unit through its own row, not the owner's (decision 017).
    expect((await log(subToken, { userDeviceId: ownerRowId })).statusCode).toBe(403);
    expect((await log(null, { userDeviceId: ownerRowId })).statusCode).toBe(401);
    expect((await log(ownerToken, { userDeviceId: ownerRowId, pageSize: 101 })).statusCode).toBe(
      400,
    );
  });

  it('issue #23 alarm log: lists the snoozes with the page whose events they fall among, each on one page', async () => {
    const unit = await createDevice(t.ctx);
    const rowId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    // Events opened 50 and 20 minutes ago; snoozes 60, 30 and 5 minutes ago.
    for (const minutes of [50, 20])
      await insertAlarmEvent(t.ctx, rowId, {
        at: at(minutes),
        closed_at: at(minutes - 5),
        closing_report_at: at(minutes - 5),
      });
    await t.ctx.db
      .insertInto('alarm_snoozes')
      .values(
        [60, 30, 5].map((minutes) => ({
          user_device_id: rowId,
          snoozed_at: at(minutes),
          snoozed_until: new Date(at(minutes).getTime() + 60 * MINUTE),
          snoozed_by: owner.email_address,
          via: 'dashboard' as const,
        })),
      )
      .execute();
    const snoozesOn = async (page: number) =>
      (await log(ownerToken, { userDeviceId: rowId, page, pageSize: 1 }))
        .json<AlarmEventPage>()
        .Snoozes.map((s) => s.SnoozedAt);
    expect(await snoozesOn(1)).toEqual([at(5).toISOString()]);
    expect(await snoozesOn(2)).toEqual([at(30).toISOString(), at(60).toISOString()]);
    const whole = (await log(ownerToken, { userDeviceId: rowId })).json<AlarmEventPage>();
    expect(whole.Snoozes[0]).toEqual({
      SnoozedAt: at(5).toISOString(),
      SnoozedUntil: at(-55).toISOString(),
      SnoozedBy: owner.email_address,
      Via: 'dashboard',
    });
    expect(whole.Snoozes).toHaveLength(3);
  });

  it('issue #23 alarm log: reads a page in a fixed number of statements, however many events and deliveries (no N+1)', async () => {
    const { answer, trips } = await countRoundTrips(() =>
      log(ownerToken, { userDeviceId: ownerRowId }),
    );
    expect(answer.statusCode).toBe(200);
    // The session, the access check, the page with its deliveries, the page's snoozes.
    expect(trips).toBeLessThanOrEqual(4);
  });
});
