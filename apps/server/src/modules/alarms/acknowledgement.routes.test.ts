import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmLinkView } from '@monitor/contract/alarms';
import type { AlarmStateMessage } from '@monitor/contract/live';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createSharedUnit } from '../../../test/helpers/shared-unit';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { attachPuck } from '../../../test/helpers/devices';
import { insertAlarmDelivery, insertAlarmEvent } from '../../../test/helpers/alarm-events';
import { CHANNEL } from './alarm-deliveries';
import { alarmLinkToken } from './alarm-links';
import { acknowledgeAlarm } from './acknowledgement.service';

const MINUTE = 60_000;
const COLLEAGUE = 'night-shift@example.com';
const PHONE = '15855550101';
const VOICE = '15855550102';

describe('issue #23 acknowledge: POST /api/alarms/{Id}/acknowledge', () => {
  let t: TestApp;
  let owner: TestUser;
  let sub: TestUser;
  let ownerToken: string;
  let subToken: string;
  let ownerRowId: number;
  let deviceId: number;
  let notificationIds: Record<string, number>;
  const at = (minutesAgo: number) => new Date(t.ctx.now().getTime() - minutesAgo * MINUTE);

  beforeAll(async () => {
    t = await createTestApp();
    ({
      owner,
      sub,
      device: { id: deviceId },
      ownerRowId,
      ownerToken,
      subToken,
    } = await createSharedUnit(t, {
      name: 'Walk-in freezer',
      visibleFrom: at(60),
    }));
    const spec = (
      name: string,
      message_type: 'EMAIL' | 'SMS' | 'VOICE',
      message_address: string,
      extra: { tell_acknowledged?: boolean; disable_alarm?: boolean } = {},
    ) => ({ name, message_type, message_address, ...extra });
    const specs = [
      spec('owner', 'EMAIL', owner.email_address),
      spec('colleague', 'EMAIL', COLLEAGUE),
      spec('colleague again', 'EMAIL', COLLEAGUE.toUpperCase()),
      spec('phone', 'SMS', PHONE),
      spec('voice', 'VOICE', VOICE),
      spec('quiet', 'EMAIL', 'quiet@example.com', { tell_acknowledged: false }),
      spec('disabled', 'EMAIL', 'disabled@example.com', { disable_alarm: true }),
    ];
    const rows = await t.ctx.db
      .insertInto('notifications')
      .values(
        specs.map(({ name: _name, ...values }) => ({
          user_device_id: ownerRowId,
          alarm_type: 'TEMP' as const,
          ...values,
        })),
      )
      .returning('id')
      .execute();
    notificationIds = Object.fromEntries(specs.map((s, i) => [s.name, rows[i]!.id]));
  });
  afterAll(() => t.close());

  /**
   * An event that went to every notification, the colleague twice (a repeat) and once more under
   * another notification in capitals, plus an all-clear to someone the alarm itself never reached.
   * The event of an earlier test is cleared first: one event of a sensor is open at a time.
   */
  async function toldEvent(spec: Parameters<typeof insertAlarmEvent>[2] = {}): Promise<number> {
    await t.ctx.db
      .updateTable('alarm_events')
      .set({ closed_at: at(1) })
      .where('user_device_id', '=', ownerRowId)
      .where('closed_at', 'is', null)
      .execute();
    const id = await insertAlarmEvent(t.ctx, ownerRowId, { at: at(30), ...spec });
    const told = async (name: string, extra: Record<string, unknown> = {}) => {
      const row = await t.ctx.db
        .selectFrom('notifications')
        .select(['message_type', 'message_address'])
        .where('id', '=', notificationIds[name]!)
        .executeTakeFirstOrThrow();
      await insertAlarmDelivery(t.ctx, id, {
        channel: CHANNEL[row.message_type],
        address: row.message_address,
        notification_id: notificationIds[name]!,
        ...extra,
      });
    };
    for (const name of Object.keys(notificationIds)) await told(name);
    await told('colleague', { step: 1 });
    await insertAlarmDelivery(t.ctx, id, { address: 'clear-only@example.com', kind: 'all-clear' });
    return id;
  }

  const acknowledge = (id: number, { token, session }: { token?: string; session?: string }) =>
    injectAs(
      t.app,
      session ?? null,
      'POST',
      `/api/alarms/${id}/acknowledge${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    );
  const linkFor = (eventId: number, address: string) => alarmLinkToken(t.ctx, { eventId, address });
  const notices = (eventId: number) =>
    t.ctx.db
      .selectFrom('deliveries')
      .select(['channel', 'address', 'subject', 'body', 'notification_id', 'status'])
      .where('alarm_event_id', '=', eventId)
      .where('kind', '=', 'alarm-acknowledged')
      .orderBy('id')
      .execute();
  const eventRow = (id: number) =>
    t.ctx.db
      .selectFrom('alarm_events')
      .select(['acknowledged_at', 'acknowledged_by', 'acknowledged_via'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("issue #23 acknowledge: an alarm link's token acknowledges its event once, in the name of the address it was sent to, via e-mail", async () => {
    const id = await toldEvent();
    const response = await acknowledge(id, { token: await linkFor(id, COLLEAGUE) });
    expect(response.statusCode).toBe(200);
    expect(response.json<AlarmLinkView>()).toMatchObject({
      Id: id,
      DeviceName: 'Walk-in freezer',
      State: 'active-acknowledged',
      AcknowledgedBy: COLLEAGUE,
      AcknowledgedAt: t.ctx.now().toISOString(),
    });
    expect(await eventRow(id)).toEqual({
      acknowledged_at: t.ctx.now(),
      acknowledged_by: COLLEAGUE,
      acknowledged_via: 'email',
    });
  });

  it('issue #23 acknowledge: a second call, by link or session, answers the same acknowledged event (200) and changes nothing', async () => {
    const id = await toldEvent();
    const first = await acknowledge(id, { token: await linkFor(id, COLLEAGUE) });
    const sent = await notices(id);
    t.advanceTime(MINUTE);
    const again = await acknowledge(id, { token: await linkFor(id, owner.email_address) });
    const bySession = await acknowledge(id, { session: ownerToken });
    for (const response of [again, bySession]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(first.json());
    }
    expect(await eventRow(id)).toMatchObject({ acknowledged_by: COLLEAGUE });
    expect(await notices(id)).toEqual(sent);
  });

  it('issue #23 acknowledge: acknowledges once when two answers come at the same time', async () => {
    const id = await toldEvent();
    const [a, b] = await Promise.all([
      acknowledge(id, { token: await linkFor(id, COLLEAGUE) }),
      acknowledge(id, { session: ownerToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<AlarmLinkView>().AcknowledgedBy).toBe(b.json<AlarmLinkView>().AcknowledgedBy);
    // One set of notices: to the one of the two who did not acknowledge, the phone and the voice.
    expect(await notices(id)).toHaveLength(3);
  });

  it('issue #23 acknowledge: tells each distinct channel and address the alarm went to whose notification asks, except whoever acknowledged', async () => {
    const id = await toldEvent();
    await acknowledge(id, { token: await linkFor(id, COLLEAGUE) });
    const sent = await notices(id);
    // Not the colleague (who answered, under either notification and the repeat), not the quiet
    // or disabled notifications, not the all-clear's address; the owner, the phone and the voice once each.
    expect(sent.map((d) => [d.channel, d.address, d.notification_id, d.status])).toEqual([
      ['email', owner.email_address, notificationIds.owner, 'queued'],
      ['sms', PHONE, notificationIds.phone, 'queued'],
      ['voice', VOICE, notificationIds.voice, 'queued'],
    ]);
  });

  it("issue #23 acknowledge: words the notice '{Device}: {sensor} alarm acknowledged by {who} at {time in the unit's zone}', a text within 160 characters", async () => {
    const id = await toldEvent();
    await acknowledge(id, { token: await linkFor(id, COLLEAGUE) });
    const [email, sms, voice] = await notices(id);
    // The test clock is a few minutes past 12:00 UTC; the unit is at GMT-5.
    const time = `7:${String(t.ctx.now().getUTCMinutes()).padStart(2, '0')} AM EST`;
    const line = `Walk-in freezer: Temperature out of range alarm acknowledged by ${COLLEAGUE} at`;
    expect(email!.subject).toBe('Acknowledged: Temperature out of range - Walk-in freezer');
    expect(email!.body).toBe(
      `${line} Sunday, November 22, 2026 at ${time}\nhttp://localhost:3000/devices/${ownerRowId}`,
    );
    expect(sms!.body).toBe(`${line} ${time}`);
    expect(voice!.body).toBe(`${line} Sunday, November 22, 2026 at ${time}`);

    // A long name and address are shortened to keep the text to one message.
    const longName =
      'The very long name of the walk-in freezer at the back of the kitchen, by the door';
    await t.ctx.db
      .updateTable('user_devices')
      .set({ name: longName })
      .where('id', '=', ownerRowId)
      .execute();
    const other = await toldEvent();
    const who = `someone.with.a.rather.long.address.${'x'.repeat(40)}@example.com`;
    await acknowledgeAlarm(t.ctx, { eventId: other, by: who, via: 'email' });
    const text = (await notices(other)).find((d) => d.channel === 'sms')!.body;
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^The very long name.*…: Temperature out of range alarm acknowledged by /);
    expect(text).toMatch(new RegExp(` at ${time}$`));
    await t.ctx.db
      .updateTable('user_devices')
      .set({ name: 'Walk-in freezer' })
      .where('id', '=', ownerRowId)
      .execute();
  });

  it("issue #23 acknowledge: names a puck's alarm by the unit and the puck", async () => {
    const puck = await attachPuck(t.ctx, deviceId, { location: 'Back shelf' });
    await t.ctx.db
      .updateTable('peripherals')
      .set({ name: 'Cooler' })
      .where('id', '=', puck.id)
      .execute();
    const id = await toldEvent({ peripheral_id: puck.id, alarm_type: 'SPUCK_TEMP' });
    await acknowledgeAlarm(t.ctx, { eventId: id, by: COLLEAGUE, via: 'email' });
    const [email] = await notices(id);
    expect(email!.body).toMatch(
      /^Walk-in freezer, SPuck Cooler: Temperature out of range alarm acknowledged by /,
    );
  });

  it("issue #23 acknowledge: the signed-in owner acknowledges via 'dashboard' as their e-mail, and is not told of it", async () => {
    const id = await toldEvent();
    const response = await acknowledge(id, { session: ownerToken });
    expect(response.statusCode).toBe(200);
    expect(await eventRow(id)).toMatchObject({
      acknowledged_by: owner.email_address,
      acknowledged_via: 'dashboard',
    });
    expect((await notices(id)).map((d) => d.address)).toEqual([COLLEAGUE, PHONE, VOICE]);
  });

  it('issue #23 acknowledge: a sub-account acknowledges an event it sees, and is refused one from before it was given the unit (decision 017)', async () => {
    const seen = await toldEvent();
    const response = await acknowledge(seen, { session: subToken });
    expect(response.statusCode).toBe(200);
    expect(await eventRow(seen)).toMatchObject({
      acknowledged_by: sub.email_address,
      acknowledged_via: 'dashboard',
    });
    const earlier = await toldEvent({ at: at(120), closed_at: at(110) });
    expect((await acknowledge(earlier, { session: subToken })).statusCode).toBe(403);
    expect((await eventRow(earlier)).acknowledged_at).toBeNull();
  });

  it("issue #23 acknowledge: refuses another user's session with 403, an unknown event with 404, and no token nor session with 401", async () => {
    const id = await toldEvent();
    const stranger = await signIn(t.app, await createUser(t.ctx));
    expect((await acknowledge(id, { session: stranger })).statusCode).toBe(403);
    expect((await acknowledge(2_000_000, { session: ownerToken })).statusCode).toBe(404);
    expect((await acknowledge(id, {})).statusCode).toBe(401);
    expect((await eventRow(id)).acknowledged_at).toBeNull();
    expect(await notices(id)).toEqual([]);
  });

  it('issue #23 acknowledge: refuses a token for event A on event B, and a forged or garbled one, with 403', async () => {
    const a = await toldEvent();
    const b = await toldEvent({ alarm_type: 'HUMIDITY' });
    const tokenA = await linkFor(a, COLLEAGUE);
    const onB = await acknowledge(b, { token: tokenA });
    expect(onB.statusCode).toBe(403);
    expect(onB.json().error.message).toBe(
      'This alarm link is not valid. Sign in to acknowledge the alarm.',
    );
    // The address swapped for another under the same signature.
    const [expiry, , signature] = tokenA.split('.');
    const swapped = `${expiry}.${Buffer.from(owner.email_address).toString('base64url')}.${signature}`;
    for (const token of [swapped, 'garbled', `${tokenA}x`])
      expect((await acknowledge(a, { token })).statusCode).toBe(403);
    expect((await eventRow(a)).acknowledged_at).toBeNull();
    expect((await eventRow(b)).acknowledged_at).toBeNull();
    // Even signed in as the owner, a bad token is refused rather than read as a session.
    expect((await acknowledge(b, { token: tokenA, session: ownerToken })).statusCode).toBe(403);
  });

  it('issue #23 acknowledge: tells the open pages of the owner and the sub-account (decision 021)', async () => {
    const id = await toldEvent({ closed_at: at(5), closing_report_at: at(5) });
    const heard: Record<string, AlarmStateMessage[]> = { owner: [], sub: [] };
    const stop = [
      t.ctx.live.subscribeAlarms(owner.id, (data) => heard.owner!.push(JSON.parse(data))),
      t.ctx.live.subscribeAlarms(sub.id, (data) => heard.sub!.push(JSON.parse(data))),
    ];
    await acknowledge(id, { token: await linkFor(id, COLLEAGUE) });
    await acknowledge(id, { session: ownerToken });
    for (const unsubscribe of stop) unsubscribe();
    const expected = {
      message_type: 'alarm_state',
      message_body: {
        alarm_type: 'TEMP',
        puck_serial: null,
        is_alarm: false,
        timestamp: at(30).toISOString(),
        event_id: id,
        acknowledged_at: t.ctx.now().toISOString(),
      },
    };
    // Once: the repeat changed nothing.
    expect(heard.owner).toMatchObject([expected]);
    expect(heard.sub).toMatchObject([expected]);
  });

  it('issue #23 acknowledge: acknowledgeAlarm, for the SMS and voice webhooks, records its channel, spares the number that answered and changes nothing the second time', async () => {
    const id = await toldEvent();
    const first = await acknowledgeAlarm(t.ctx, { eventId: id, by: PHONE, via: 'sms' });
    expect(first).toMatchObject({ acknowledged_by: PHONE, acknowledged_via: 'sms', isNew: true });
    expect((await notices(id)).map((d) => d.address)).toEqual([
      COLLEAGUE,
      owner.email_address,
      VOICE,
    ]);
    const second = await acknowledgeAlarm(t.ctx, { eventId: id, by: VOICE, via: 'voice' });
    expect(second).toMatchObject({ acknowledged_by: PHONE, acknowledged_via: 'sms', isNew: false });
    expect(await notices(id)).toHaveLength(3);
    await expect(
      acknowledgeAlarm(t.ctx, { eventId: 2_000_000, by: PHONE, via: 'sms' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
