import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createSmsVoiceSender } from './create-sms-voice-sender';

const twilioEnv = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'secret-token',
  TWILIO_FROM: '15125550100',
};
const unusedDb = {} as Parameters<typeof createSmsVoiceSender>[0]['db'];
const log = { info: () => undefined };

describe('choosing the SMS/voice sender', () => {
  it('uses Twilio when the account, the token and the sender number are all configured', async () => {
    const config = loadConfig(twilioEnv);
    expect(config.twilio).toEqual({
      accountSid: twilioEnv.TWILIO_ACCOUNT_SID,
      authToken: 'secret-token',
      from: '15125550100',
    });
    expect((await createSmsVoiceSender({ twilio: config.twilio, db: unusedDb, log })).kind).toBe(
      'twilio',
    );
  });

  it('keeps texts and calls in the local outbox when any of the three is missing', async () => {
    const config = loadConfig({ ...twilioEnv, TWILIO_FROM: undefined });
    expect(config.twilio).toBeUndefined();
    expect((await createSmsVoiceSender({ twilio: config.twilio, db: unusedDb, log })).kind).toBe(
      'outbox',
    );
  });
});
