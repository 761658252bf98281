import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { insertAlarmDelivery, insertAlarmEvent } from '../../../test/helpers/alarm-events';
import { verifyAlarmLinkToken } from '../alarms/alarm-links';
import { attemptDelivery } from './deliveries.service';

const TEXTED = '15855550101';
const CALLED = '15855550102';
const FROM_ELSEWHERE = { remoteAddress: '203.0.113.7' };

type Message = {
  Id: number;
  Channel: string;
  Recipient: string;
  TextBody: string;
  OffersKeypress: boolean;
};

describe('issue #23 acknowledge by text/call: the local mailbox’s stand-in (POST /api/outbox/replies)', () => {
  let t: TestApp;
  let ownerRowId: number;

  beforeAll(async () => {
    // No Twilio account: texts and calls are kept in the local outbox.
    t = await createTestApp();
    const owner = await createUser(t.ctx);
    ownerRowId = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: (await createDevice(t.ctx)).id,
      name: 'Walk-in freezer',
    });
  });
  afterAll(() => t.close());

  const acknowledgement = (id: number) =>
    t.ctx.db
      .selectFrom('alarm_events')
      .select(['acknowledged_at', 'acknowledged_by', 'acknowledged_via'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Sends a queued delivery of an event as the worker does, and answers what the outbox kept. */
  async function sendThroughOutbox(
    eventId: number,
    spec: Parameters<typeof insertAlarmDelivery>[2],
  ): Promise<Message & { acknowledge_url: string | null }> {
    const deliveryId = await insertAlarmDelivery(t.ctx, eventId, {
      status: 'queued',
      sent_at: null,
      ...spec,
    });
    expect(await attemptDelivery(t.ctx, { deliveryId, isLastAttempt: true })).toBe('sent');
    const listed = await t.app.inject({ method: 'GET', url: '/api/outbox' });
    const newest = (listed.json().messages as Message[])[0]!;
    const row = await t.ctx.db
      .selectFrom('outbox_messages')
      .select('acknowledge_url')
      .where('id', '=', newest.Id)
      .executeTakeFirstOrThrow();
    return { ...newest, ...row };
  }

  const reply = (
    body: unknown,
    options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/outbox/replies',
      payload: body as object,
      ...options,
    });

  it('issue #23 acknowledge by text/call: an alarm’s text ends "Reply ACK to acknowledge." and the reply box’s ACK acknowledges it', async () => {
    const id = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'HUMIDITY' });
    const text = await sendThroughOutbox(id, {
      channel: 'sms',
      address: TEXTED,
      body: 'Humidity out of range',
    });
    expect(text).toMatchObject({ Channel: 'sms', Recipient: TEXTED, OffersKeypress: false });
    expect(text.TextBody).toBe('Humidity out of range\nReply ACK to acknowledge.');
    // The row keeps the alarm's own words.
    const delivery = await t.ctx.db
      .selectFrom('deliveries')
      .select('body')
      .where('alarm_event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(delivery.body).toBe('Humidity out of range');
    // Any other text is sent as written.
    const notice = await sendThroughOutbox(id, {
      kind: 'alarm-acknowledged',
      channel: 'sms',
      address: '15855550177',
      body: 'Acknowledged by someone',
    });
    expect(notice.TextBody).toBe('Acknowledged by someone');

    const help = await reply({ Channel: 'sms', From: TEXTED, Body: 'What is this?' });
    expect(help.json()).toEqual({ Reply: 'Reply ACK to acknowledge the alarm.' });
    const response = await reply({ Channel: 'sms', From: text.Recipient, Body: 'ACK' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Reply: 'Acknowledged: Walk-in freezer humidity alarm. Everyone told will hear you answered.',
    });
    expect(await acknowledgement(id)).toMatchObject({
      acknowledged_by: '(585) 555-0101',
      acknowledged_via: 'sms',
    });
  });

  it('issue #23 acknowledge by text/call: an alarm’s call asks to press 1, and the Press 1 button acknowledges it', async () => {
    const id = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'POWER' });
    const call = await sendThroughOutbox(id, {
      channel: 'voice',
      address: CALLED,
      body: 'Power is off at the walk-in freezer.',
    });
    expect(call).toMatchObject({ Channel: 'voice', Recipient: CALLED, OffersKeypress: true });
    expect(call.TextBody).toBe(
      'Power is off at the walk-in freezer.\nPress 1 to acknowledge this alarm.',
    );
    const url = new URL(call.acknowledge_url!);
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3000/api/twilio/voice/${id}`);
    // The token is an alarm link's for this event and the number called.
    expect(
      await verifyAlarmLinkToken(t.ctx, { eventId: id, token: url.searchParams.get('token')! }),
    ).toEqual({ address: CALLED });

    const other = await reply({ Channel: 'voice', MessageId: call.Id, Digits: '9' });
    expect(other.json().Reply).toContain('The alarm was not acknowledged.');
    expect((await acknowledgement(id)).acknowledged_at).toBeNull();
    const response = await reply({ Channel: 'voice', MessageId: call.Id, Digits: '1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ Reply: 'Thank you. The alarm is acknowledged.' });
    expect(await acknowledgement(id)).toMatchObject({
      acknowledged_by: '(585) 555-0102',
      acknowledged_via: 'voice',
    });

    // A call that asks for no key (an all-clear) cannot be answered with one.
    const clear = await sendThroughOutbox(id, {
      kind: 'all-clear',
      channel: 'voice',
      address: CALLED,
      body: 'Power is back on.',
    });
    expect(clear).toMatchObject({ OffersKeypress: false, acknowledge_url: null });
    const refused = await reply({ Channel: 'voice', MessageId: clear.Id, Digits: '1' });
    expect(refused.statusCode).toBe(404);
  });

  describe('who may use it (decision 019)', () => {
    const ack = { Channel: 'sms', From: TEXTED, Body: 'ACK' };

    it('issue #23 acknowledge by text/call: the stand-in refuses another machine without a session (401) and a customer (403), changing nothing', async () => {
      const id = await insertAlarmEvent(t.ctx, ownerRowId, { alarm_type: 'WATER' });
      await insertAlarmDelivery(t.ctx, id, { channel: 'sms', address: TEXTED });
      const anonymous = await reply(ack, FROM_ELSEWHERE);
      expect(anonymous.statusCode).toBe(401);
      const customer = await signIn(t.app, await createUser(t.ctx));
      const refused = await reply(ack, { headers: bearer(customer), ...FROM_ELSEWHERE });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 403 } });
      expect((await acknowledgement(id)).acknowledged_at).toBeNull();

      const staff = await signIn(t.app, await createUser(t.ctx, { roles: [ROLE_STAFF] }));
      const allowed = await reply(ack, { headers: bearer(staff), ...FROM_ELSEWHERE });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect((await acknowledgement(id)).acknowledged_via).toBe('sms');
    });

    it('issue #23 acknowledge by text/call: without Twilio the webhooks refuse (404); with Twilio the stand-in refuses (404)', async () => {
      for (const url of ['/api/twilio/sms', '/api/twilio/voice/1?token=abc']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'From=%2B15855550101&Body=ACK&Digits=1',
        });
        expect(response.statusCode, url).toBe(404);
      }
      const withTwilio = await createTestApp({
        config: { twilio: { accountSid: 'AC1', authToken: 'token', from: '15125550100' } },
      });
      try {
        const response = await withTwilio.app.inject({
          method: 'POST',
          url: '/api/outbox/replies',
          payload: ack,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 404 } });
      } finally {
        await withTwilio.close();
      }
    });
  });
});
