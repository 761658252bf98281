import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from './sms-voice-sender';
import { createTwilioSmsVoiceSender } from './twilio-sms-voice-sender';

type Captured = { path: string; authorization: string | undefined; form: Record<string, string> };

/** A stand-in for api.twilio.com on 127.0.0.1 that records what the official SDK sends. */
async function startTwilioStub(): Promise<{
  app: FastifyInstance;
  url: string;
  requests: Captured[];
}> {
  const requests: Captured[] = [];
  const app = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.post('/*', async (request, reply) => {
    const form = request.body as Record<string, string>;
    requests.push({ path: request.url, authorization: request.headers.authorization, form });
    if (form.To === '+15550000000') {
      return reply
        .code(400)
        .send({ code: 21211, message: "The 'To' number is not valid.", status: 400 });
    }
    const sid = request.url.includes('/Calls.json') ? 'CA123' : 'SM123';
    return reply.code(201).send({ sid, to: form.To, from: form.From, status: 'queued' });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, requests };
}

describe('Twilio SMS/voice sender', () => {
  let stub: Awaited<ReturnType<typeof startTwilioStub>>;
  const settings = {
    accountSid: 'AC0123456789abcdef0123456789abcdef',
    authToken: 'secret-token',
    from: '15125550100',
  };

  beforeAll(async () => {
    stub = await startTwilioStub();
  });
  afterAll(async () => {
    await stub.app.close();
  });

  it('sends a text through Messages.create to the E.164 form of a stored number', async () => {
    const sender = createTwilioSmsVoiceSender({ ...settings, apiBaseUrl: stub.url });
    await sender.sendText('15125550111', 'Freezer is at 41°F');
    const request = stub.requests.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${settings.accountSid}/Messages.json`);
    expect(request?.form).toMatchObject({
      To: '+15125550111',
      From: '+15125550100',
      Body: 'Freezer is at 41°F',
    });
    const basic = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
    expect(request?.authorization).toBe(`Basic ${basic}`);
  });

  it('places a call through Calls.create that reads the message with TwiML <Say>, escaped', async () => {
    const sender = createTwilioSmsVoiceSender({ ...settings, apiBaseUrl: stub.url });
    await sender.placeCall('15125550111', 'Water <leak> & power off');
    const request = stub.requests.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${settings.accountSid}/Calls.json`);
    expect(request?.form.To).toBe('+15125550111');
    expect(request?.form.Twiml).toBe(
      '<Response><Say>Water &#60;leak&#62; &#38; power off</Say></Response>',
    );
  });

  it('issue #23 acknowledge by text/call: an alarm call then gathers one key for its acknowledge URL, escaped', async () => {
    const sender = createTwilioSmsVoiceSender({ ...settings, apiBaseUrl: stub.url });
    const url = 'https://alarms.example.com/api/twilio/voice/42?token=a.b&x="y"';
    await sender.placeCall('15125550111', 'Power <off>', { acknowledgeUrl: url });
    expect(stub.requests.at(-1)?.form.Twiml).toBe(
      '<Response><Say>Power &#60;off&#62;</Say>' +
        '<Gather numDigits="1" action="https://alarms.example.com/api/twilio/voice/42?token=a.b&#38;x=&#34;y&#34;" method="POST">' +
        '<Say>Press 1 to acknowledge this alarm.</Say></Gather></Response>',
    );
  });

  it("rejects with the provider's reason when Twilio refuses the message", async () => {
    const sender = createTwilioSmsVoiceSender({ ...settings, apiBaseUrl: stub.url });
    await expect(sender.sendText('15550000000', 'hi')).rejects.toThrow(
      "The 'To' number is not valid.",
    );
  });
});

describe('toE164', () => {
  it('writes an 11-digit stored number with its leading 1 as +1…', () => {
    expect(toE164('15125550111')).toBe('+15125550111');
    expect(toE164('+15125550111')).toBe('+15125550111');
    expect(toE164('5125550111')).toBe('+15125550111');
  });

  it('refuses something that is not a phone number', () => {
    expect(() => toE164('call me')).toThrow('not a phone number');
  });
});
