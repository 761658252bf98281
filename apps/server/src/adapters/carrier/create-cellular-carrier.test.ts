import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createCellularCarrier } from './create-cellular-carrier';

const log = { info: () => undefined, warn: () => undefined };
const twilio = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'secret-token',
};

describe('choosing the cellular carrier (decision 035)', () => {
  it('uses Twilio Super SIM when TWILIO_SIM_FLEET is set with the Twilio account, else local', async () => {
    const config = loadConfig({ ...twilio, TWILIO_SIM_FLEET: 'HF0123' });
    expect(config.twilioSim).toEqual({
      ...{ accountSid: twilio.TWILIO_ACCOUNT_SID, authToken: 'secret-token' },
      fleet: 'HF0123',
    });
    expect((await createCellularCarrier(config.twilioSim, log)).kind).toBe('twilio');
    expect((await createCellularCarrier(loadConfig(twilio).twilioSim, log)).kind).toBe('local');
  });

  it('activates locally without reaching anyone', async () => {
    await expect(
      (await createCellularCarrier(undefined, log)).activateModem({
        imei: '352656100000001',
        deviceNsp: 1,
      }),
    ).resolves.toBeUndefined();
  });
});
