import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { insertAlarmDelivery, insertAlarmEvent } from '../../../test/helpers/alarm-events';
import { alarmLinkToken } from './alarm-links';

const MINUTE = 60_000;
const TWILIO = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: 'twilio-auth-token-for-tests',
  from: '15125550100',
};
const PUBLIC_URL = 'https://alarms.example.com';
/** The number the alarms were texted to (as stored), and as Twilio writes its sender. */
const PHONE = '15855550101';
const PHONE_E164 = '+15855550101';
const CALLED = '15855550102';
const STRANGER_E164 = '+15855550199';

describe('issue #23 acknowledge by text/call: Twilio webhooks', () => {
  let t: TestApp;
  let ownerRowId: number;
  let otherRowId: number;
  const at = (minutesAgo: number) => new Date(t.ctx.now().getTime() - minutesAgo * MINUTE);

  beforeAll(async () => {
    t = await createTestApp({ config: { twilio: TWILIO, publicUrl: PUBLIC_URL } });
    const owner = await createUser(t.ctx);
    ownerRowId = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: (await createDevice(t.ctx)).id,
      name: 'Walk-in freezer',
    });
    otherRowId = await registerUserDevice(t.ctx, {
      userId: (await createUser(t.ctx)).id,
      deviceId: (await createDevice(t.ctx)).id,
    });
  });
  afterAll(() => t.close());

  /**
   * An active event of a unit, its alarm texted (or called) to `address`. The sensor's earlier
   * event is cleared first (one open per sensor), still unacknowledged.
   */
  async function toldEvent(
    rowId: number,
    {
      minutesAgo,
      address,
      channel = 'sms',
      alarmType = 'TEMP',
    }: {
      minutesAgo: number;
      address?: string;
      channel?: 'sms' | 'voice';
      alarmType?: 'TEMP' | 'HUMIDITY' | 'POWER' | 'WATER' | 'MOTION';
    },
  ): Promise<number> {
    await t.ctx.db
      .updateTable('alarm_events')
      .set({ closed_at: at(minutesAgo) })
      .where('user_device_id', '=', rowId)
      .where('alarm_type', '=', alarmType)
      .where('closed_at', 'is', null)
      .execute();
    const id = await insertAlarmEvent(t.ctx, rowId, { at: at(minutesAgo), alarm_type: alarmType });
    if (address) await insertAlarmDelivery(t.ctx, id, { channel, address });
    return id;
  }

  /** Every event so far answered by someone else, so a test starts with none waiting. */
  const answerAll = () =>
    t.ctx.db
      .updateTable('alarm_events')
      .set({
        acknowledged_at: at(0),
        acknowledged_by: 'earlier@example.com',
        acknowledged_via: 'dashboard',
      })
      .where('acknowledged_at', 'is', null)
      .execute();

  const acknowledgement = (id: number) =>
    t.ctx.db
      .selectFrom('alarm_events')
      .select(['acknowledged_at', 'acknowledged_by', 'acknowledged_via'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Posts a form to a webhook as Twilio would, signed with the SDK's own signature. */
  const post = (
    path: string,
    form: Record<string, string>,
    { signature }: { signature?: string | null } = {},
  ) => {
    const made = twilio.getExpectedTwilioSignature(TWILIO.authToken, `${PUBLIC_URL}${path}`, form);
    const sign = signature === undefined ? made : signature;
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(sign !== null && { 'x-twilio-signature': sign }),
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: '54.172.60.1',
    });
  };
  const text = (from: string, body: string, options?: { signature?: string | null }) =>
    post(
      '/api/twilio/sms',
      {
        MessageSid: 'SM1',
        AccountSid: TWILIO.accountSid,
        From: from,
        To: '+15125550100',
        Body: body,
      },
      options,
    );

  it('issue #23 acknowledge by text/call: refuses a forged or missing signature with 403, acknowledging nothing', async () => {
    const id = await toldEvent(ownerRowId, { minutesAgo: 50, address: PHONE });
    const forged = twilio.getExpectedTwilioSignature(
      'not-the-token',
      `${PUBLIC_URL}/api/twilio/sms`,
      {
        From: PHONE_E164,
        Body: 'ACK',
      },
    );
    for (const signature of [forged, null, 'x'.repeat(28)]) {
      const response = await text(PHONE_E164, 'ACK', { signature });
      expect(response.statusCode, String(signature)).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 403 } });
    }
    // A signature made for other fields does not sign these.
    const otherBody = twilio.getExpectedTwilioSignature(
      TWILIO.authToken,
      `${PUBLIC_URL}/api/twilio/sms`,
      {
        MessageSid: 'SM1',
        AccountSid: TWILIO.accountSid,
        From: PHONE_E164,
        To: '+15125550100',
        Body: 'HELP',
      },
    );
    expect((await text(PHONE_E164, 'ACK', { signature: otherBody })).statusCode).toBe(403);
    expect((await acknowledgement(id)).acknowledged_at).toBeNull();
  });

  it('issue #23 acknowledge by text/call: ACK acknowledges the newest unacknowledged alarm texted to the sender, and only it', async () => {
    // Older and texted; newer but only called; newest of all, but another unit's, texted elsewhere.
    await answerAll();
    const older = await toldEvent(ownerRowId, { minutesAgo: 40, address: PHONE });
    const texted = await toldEvent(ownerRowId, {
      minutesAgo: 30,
      address: PHONE,
      alarmType: 'HUMIDITY',
    });
    const calledOnly = await toldEvent(ownerRowId, {
      minutesAgo: 20,
      address: PHONE,
      channel: 'voice',
      alarmType: 'POWER',
    });
    const elsewhere = await toldEvent(otherRowId, { minutesAgo: 10, address: '15855550177' });

    const response = await text(PHONE_E164, '  ack ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    const reply =
      'Acknowledged: Walk-in freezer humidity alarm. Everyone told will hear you answered.';
    expect(response.body).toBe(`<Response><Message>${reply}</Message></Response>`);
    expect(reply.length).toBeLessThanOrEqual(160);
    expect(await acknowledgement(texted)).toMatchObject({
      acknowledged_by: '(585) 555-0101',
      acknowledged_via: 'sms',
    });
    for (const id of [older, calledOnly, elsewhere])
      expect((await acknowledgement(id)).acknowledged_at, String(id)).toBeNull();

    // The next ACK takes the next one waiting; then none is left.
    await text(PHONE_E164, 'ACK');
    expect((await acknowledgement(older)).acknowledged_via).toBe('sms');
    expect((await text(PHONE_E164, 'ACK')).body).toBe(
      '<Response><Message>No alarm is waiting for your answer.</Message></Response>',
    );
    expect((await acknowledgement(calledOnly)).acknowledged_at).toBeNull();
  });

  it('issue #23 acknowledge by text/call: another number’s ACK acknowledges nothing', async () => {
    const id = await toldEvent(ownerRowId, { minutesAgo: 5, address: PHONE, alarmType: 'WATER' });
    const response = await text(STRANGER_E164, 'ACK');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No alarm is waiting for your answer.');
    // Nor does a number abroad whose digits end like the one texted.
    expect((await text('+75855550101', 'ACK')).body).toContain('No alarm is waiting');
    expect((await acknowledgement(id)).acknowledged_at).toBeNull();
  });

  it('issue #23 acknowledge by text/call: "ACK {id}" acknowledges that event only if it was texted to the sender', async () => {
    await answerAll();
    const named = await toldEvent(ownerRowId, { minutesAgo: 30, address: PHONE });
    const newest = await toldEvent(ownerRowId, {
      minutesAgo: 10,
      address: PHONE,
      alarmType: 'MOTION',
    });
    const notTexted = await toldEvent(otherRowId, { minutesAgo: 5, address: '15855550177' });

    expect((await text(PHONE_E164, `ACK ${notTexted}`)).body).toContain('No alarm is waiting');
    expect((await text(PHONE_E164, 'ACK 99999999999')).body).toContain('No alarm is waiting');
    expect((await acknowledgement(notTexted)).acknowledged_at).toBeNull();

    expect((await text(PHONE_E164, `Ack #${named}.`)).body).toContain(
      'Acknowledged: Walk-in freezer temperature alarm.',
    );
    expect((await acknowledgement(named)).acknowledged_via).toBe('sms');
    expect((await acknowledgement(newest)).acknowledged_at).toBeNull();
    expect((await text(PHONE_E164, `ACK ${named}`)).body).toContain(
      'This alarm was already acknowledged by (585) 555-0101.',
    );
  });

  it('issue #23 acknowledge by text/call: everyone told hears who answered, but not the number that answered', async () => {
    await answerAll();
    const notifications = await t.ctx.db
      .insertInto('notifications')
      .values([
        {
          user_device_id: ownerRowId,
          alarm_type: 'TEMP',
          message_type: 'SMS',
          message_address: PHONE,
        },
        {
          user_device_id: ownerRowId,
          alarm_type: 'TEMP',
          message_type: 'EMAIL',
          message_address: 'owner@example.com',
        },
      ])
      .returning(['id', 'message_address'])
      .execute();
    const id = await toldEvent(ownerRowId, { minutesAgo: 3 });
    for (const n of notifications)
      await insertAlarmDelivery(t.ctx, id, {
        channel: n.message_address === PHONE ? 'sms' : 'email',
        address: n.message_address,
        notification_id: n.id,
      });
    await text(PHONE_E164, `ACK ${id}`);
    const notices = await t.ctx.db
      .selectFrom('deliveries')
      .select(['address', 'body'])
      .where('alarm_event_id', '=', id)
      .where('kind', '=', 'alarm-acknowledged')
      .execute();
    expect(notices.map((n) => n.address)).toEqual(['owner@example.com']);
    expect(notices[0]?.body).toContain('acknowledged by (585) 555-0101');
  });

  it('issue #23 acknowledge by text/call: any other text gets the one-line help and changes nothing', async () => {
    await answerAll();
    const id = await toldEvent(ownerRowId, { minutesAgo: 5, address: PHONE });
    for (const body of ['Thanks, on my way', 'acknowledge', '']) {
      const response = await text(PHONE_E164, body);
      expect(response.body, body).toBe(
        '<Response><Message>Reply ACK to acknowledge the alarm.</Message></Response>',
      );
    }
    expect((await acknowledgement(id)).acknowledged_at).toBeNull();
  });

  it('issue #23 acknowledge by text/call: a signed request with a form the call cannot read answers 400 in the error shape', async () => {
    const noSender = await post('/api/twilio/sms', { Body: 'ACK' });
    expect(noSender.statusCode).toBe(400);
    expect(noSender.json()).toMatchObject({ error: { code: 400 } });
    const noToken = await post('/api/twilio/voice/1', { Digits: '1' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ error: { code: 400 } });
  });

  describe('a key pressed on an alarm call', () => {
    const voicePath = (id: number, token: string) =>
      `/api/twilio/voice/${id}?token=${encodeURIComponent(token)}`;
    const press = (path: string, digits: string, options?: { signature?: string | null }) =>
      post(
        path,
        { CallSid: 'CA1', AccountSid: TWILIO.accountSid, To: '+15855550102', Digits: digits },
        options,
      );

    it('issue #23 acknowledge by text/call: 1 with the call’s token acknowledges the alarm in the called number’s name', async () => {
      const id = await toldEvent(ownerRowId, {
        minutesAgo: 3,
        address: CALLED,
        channel: 'voice',
        alarmType: 'POWER',
      });
      const path = voicePath(id, await alarmLinkToken(t.ctx, { eventId: id, address: CALLED }));

      const other = await press(path, '2');
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('The alarm was not acknowledged.');
      expect((await acknowledgement(id)).acknowledged_at).toBeNull();
      expect((await press(path, '1', { signature: null })).statusCode).toBe(403);
      expect((await acknowledgement(id)).acknowledged_at).toBeNull();

      const response = await press(path, '1');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/xml/);
      expect(response.body).toBe(
        '<Response><Say>Thank you. The alarm is acknowledged.</Say></Response>',
      );
      expect(await acknowledgement(id)).toMatchObject({
        acknowledged_by: '(585) 555-0102',
        acknowledged_via: 'voice',
      });
    });

    it('issue #23 acknowledge by text/call: a token made for another event is refused (403), even signed by Twilio', async () => {
      const id = await toldEvent(otherRowId, {
        minutesAgo: 2,
        address: CALLED,
        channel: 'voice',
        alarmType: 'MOTION',
      });
      const elsewhere = await toldEvent(ownerRowId, { minutesAgo: 1, alarmType: 'HUMIDITY' });
      const tokenOfOther = await alarmLinkToken(t.ctx, { eventId: elsewhere, address: CALLED });
      const response = await press(voicePath(id, tokenOfOther), '1');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 403 } });
      expect((await acknowledgement(id)).acknowledged_at).toBeNull();
      expect((await acknowledgement(elsewhere)).acknowledged_at).toBeNull();
    });
  });
});
