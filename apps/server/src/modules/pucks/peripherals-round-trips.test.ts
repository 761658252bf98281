import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type HttpMethod } from '../../../test/helpers/factories';
import { createDevice, createPuck } from '../../../test/helpers/device-factories';
import { countRoundTrips } from '../../../test/helpers/round-trips';

describe('puck writes answer the puck they wrote (decision 027)', () => {
  let t: TestApp;
  let token: string;
  let serial: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    const device = await createDevice(t.ctx, { firmwareVersion: '10.6' });
    const userDeviceId = (
      await call('POST', `/api/users/${owner.id}/devices`, {
        SerialNumber: device.serialNumber,
        Name: 'Unit',
      })
    ).json<{ Id: number }>().Id;
    serial = (await createPuck(t.ctx, { logicLevel: 32775 })).serial;
    await call('POST', '/api/peripherals', {
      DeviceId: userDeviceId,
      SerialNumber: serial,
      Name: 'P',
      Location: 'L',
    });
  });
  afterAll(() => t.close());

  const call = (method: HttpMethod, url: string, body?: unknown) =>
    injectAs(t.app, token, method, url, body);

  const writeThenRead = async (method: HttpMethod, url: string, body: unknown) => {
    const { answer, trips } = await countRoundTrips(() => call(method, url, body));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe((await call('GET', `/api/peripherals/${serial}`)).body);
    return trips;
  };

  it('renames and moves a puck without a second access check, in 7 round trips (decision 027)', async () => {
    const trips = await writeThenRead('PUT', `/api/peripherals/${serial}`, {
      Name: 'Freezer',
      Location: 'Back',
    });
    expect(trips).toBeLessThanOrEqual(7);
  });

  it('turns puck alarms off and on without reading the puck again, in 9 round trips (decision 027)', async () => {
    for (const setType of [-1, 1]) {
      const trips = await writeThenRead('PUT', '/api/peripherals/updatelogiclevel', {
        id: serial,
        alarmType: ['WATER'],
        setType,
      });
      expect(trips).toBeLessThanOrEqual(9);
    }
  });
});
