import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';
import type { CellularCarrier, ModemToActivate } from '../../adapters/carrier/cellular-carrier';

describe('modem activation through the carrier port (accounts-devices-billing §4 step 3, §7, §8, §9)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  const asked: ModemToActivate[] = [];
  let isCarrierDown = false;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    const recording: CellularCarrier = {
      kind: 'twilio',
      activateModem: (modem) => {
        asked.push(modem);
        return isCarrierDown ? Promise.reject(new Error('Twilio 503')) : Promise.resolve();
      },
    };
    t.ctx.carrier = recording;
  });
  afterAll(() => t.close());

  const ownedUnit = async (deviceNsp: number) => {
    const device = await createDevice(t.ctx, { deviceNsp });
    await registerUserDevice(t.ctx, { userId: owner.id, deviceId: device.id });
    return device;
  };
  const activate = (imei: string) =>
    t.app.inject({ method: 'POST', url: `/api/devices/${imei}/activate`, headers: bearer(token) });

  it('asks the carrier for a unit on carrier 1 or 2 and records the modem active', async () => {
    for (const deviceNsp of [1, 2]) {
      const device = await ownedUnit(deviceNsp);
      const response = await activate(device.imei);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ DeviceNSP: deviceNsp, ModemActivated: true });
      expect(asked.at(-1)).toEqual({ imei: device.imei, deviceNsp });
    }
  });

  it('asks no carrier for a modem already active or on another carrier', async () => {
    const device = await ownedUnit(1);
    await activate(device.imei);
    const before = asked.length;
    expect((await activate(device.imei)).json().ModemActivated).toBe(true);
    const other = await ownedUnit(3);
    expect((await activate(other.imei)).json().ModemActivated).toBe(false);
    expect(asked.length).toBe(before);
  });

  it("answers 502 with the spec's message and records nothing when the carrier fails (accounts-devices-billing §8)", async () => {
    const device = await ownedUnit(2);
    isCarrierDown = true;
    try {
      const response = await activate(device.imei);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: {
          code: 502,
          message:
            'An error occurred while activating the cellular connection with your device. Please contact Customer Service.',
        },
      });
    } finally {
      isCarrierDown = false;
    }
    const row = await t.ctx.db
      .selectFrom('devices')
      .select('modem_activated')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.modem_activated).toBe(false);
  });
});
