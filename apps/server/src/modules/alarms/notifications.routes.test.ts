import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  createUser,
  signIn,
  type TestUser,
  injectAs,
  type HttpMethod,
} from '../../../test/helpers/factories';
import { createDevice, createPuck } from '../../../test/helpers/device-factories';

describe('notifications (device-management §3, §5, §7, §8, §9)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    otherToken = await signIn(t.app, await createUser(t.ctx));
  });
  afterAll(() => t.close());

  const call = (method: HttpMethod, url: string, body?: unknown, auth = token) =>
    injectAs(t.app, auth, method, url, body);
  const newUserDevice = async () => {
    const device = await createDevice(t.ctx);
    const ud = (
      await call('POST', `/api/users/${owner.id}/devices`, {
        SerialNumber: device.serialNumber,
        Name: 'Unit',
      })
    ).json<{ Id: number }>();
    return { device, userDeviceId: ud.Id };
  };
  const post = (body: Record<string, unknown>, auth = token) =>
    call(
      'POST',
      '/api/notifications',
      { MessageType: 'EMAIL', MessageAddress: 'alerts@example.com', ...body },
      auth,
    );

  it('stores a phone address with a leading 1 and defaults the message by alarm type (device-management §3, §5, §9)', async () => {
    const { userDeviceId } = await newUserDevice();
    const response = await post({
      DeviceId: userDeviceId,
      AlarmType: 'POWER',
      MessageType: 'SMS',
      MessageAddress: '(585) 555-0101',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      DeviceId: userDeviceId,
      MessageAddress: '15855550101',
      PeripheralId: null,
    });
    expect(response.json().Message).toMatch(/^URGENT: Power/);
    expect(
      (
        await post({
          DeviceId: userDeviceId,
          AlarmType: 'TEMP',
          MessageType: 'VOICE',
          MessageAddress: '555-01',
        })
      ).statusCode,
    ).toBe(400);
    const badEmail = await post({
      DeviceId: userDeviceId,
      AlarmType: 'TEMP',
      MessageAddress: 'not-an-address',
    });
    expect(badEmail.statusCode).toBe(400);
  });

  it('caps the device at 9 of its own notifications, NOCALL not counted, with the catalogue message (device-management §8, §9)', async () => {
    const { userDeviceId } = await newUserDevice();
    // Registration made TEMP, HUMIDITY, POWER and NOCALL: 3 counted.
    for (let i = 0; i < 6; i += 1)
      expect((await post({ DeviceId: userDeviceId, AlarmType: 'TEMP' })).statusCode).toBe(200);
    const refused = await post({ DeviceId: userDeviceId, AlarmType: 'POWER' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Too many notifications on the Unit.');
    expect((await post({ DeviceId: userDeviceId, AlarmType: 'NOCALL' })).statusCode).toBe(200);
  });

  it('offers a puck only its logic level types, fewer than 2 of a type and within its cap (device-management §5, §9)', async () => {
    const { userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx, { logicLevel: 32774 });
    await call('POST', '/api/peripherals', {
      DeviceId: userDeviceId,
      SerialNumber: puck.serial,
      Name: 'Fridge',
      Location: 'Kitchen',
    });
    const onPuck = (AlarmType: string) =>
      post({ DeviceId: userDeviceId, PeripheralId: puck.serial, AlarmType });
    expect((await onPuck('WATER')).statusCode).toBe(400);
    expect((await onPuck('SPUCK_TEMP')).statusCode).toBe(200);
    const second = await onPuck('SPUCK_TEMP');
    expect(second.statusCode).toBe(200);
    expect(second.json().LogicLevel).toBe(32774);
    const third = await onPuck('SPUCK_TEMP');
    expect(third.statusCode).toBe(400);
    expect(third.json().error.message).toBe('Too many notifications on this Fridge');
    expect((await onPuck('SPUCK_HUMIDITY')).statusCode).toBe(200);
    expect((await onPuck('SPUCK_HUMIDITY')).statusCode).toBe(200);
    expect((await onPuck('SPUCK_HUMIDITY')).statusCode).toBe(400);
    const ofPuck = await call(
      'GET',
      `/api/notifications?device_id=${userDeviceId}&peripheral_id=${puck.serial}`,
    );
    expect(ofPuck.json()).toHaveLength(4);
  });

  it('changes and removes a notification, and answers the list by IMEI (device-management §7)', async () => {
    const { device, userDeviceId } = await newUserDevice();
    const created = (await post({ DeviceId: userDeviceId, AlarmType: 'TEMP' })).json<{
      Id: number;
    }>();
    const changed = await call('PUT', `/api/notifications/${created.Id}`, {
      DeviceId: userDeviceId,
      AlarmType: 'POWER',
      MessageType: 'EMAIL',
      MessageAddress: 'x@example.com',
      Message: 'Check it',
    });
    expect(changed.json()).toMatchObject({
      AlarmType: 'POWER',
      MessageAddress: 'x@example.com',
      Message: 'Check it',
    });
    const details = await call(
      'GET',
      `/api/notifications/getNotificationDetails?IMEI=${device.imei}`,
    );
    expect(details.json().map((n: { Id: number }) => n.Id)).toContain(created.Id);
    expect((await call('DELETE', `/api/notifications/${created.Id}`)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/notifications/${created.Id}`, {
          DeviceId: userDeviceId,
          AlarmType: 'POWER',
          MessageType: 'EMAIL',
          MessageAddress: 'x@example.com',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets a sub-account read the notifications of the device it was given but not change them (device-management §6)', async () => {
    const { device, userDeviceId } = await newUserDevice();
    const sub = await createUser(t.ctx, { parentId: owner.id });
    const subToken = await signIn(t.app, sub);
    const subRow = await t.ctx.db
      .insertInto('user_devices')
      .values({ user_id: sub.id, device_id: device.id, parent_user_device_id: userDeviceId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seen = await call(
      'GET',
      `/api/notifications?device_id=${subRow.id}`,
      undefined,
      subToken,
    );
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toHaveLength(4);
    expect((await post({ DeviceId: subRow.id, AlarmType: 'TEMP' }, subToken)).statusCode).toBe(403);
    const first = seen.json()[0].Id;
    expect(
      (await call('DELETE', `/api/notifications/${first}`, undefined, subToken)).statusCode,
    ).toBe(403);
  });

  it("refuses another user's notifications and devices (device-management §6)", async () => {
    const { device, userDeviceId } = await newUserDevice();
    const created = (await post({ DeviceId: userDeviceId, AlarmType: 'TEMP' })).json<{
      Id: number;
    }>();
    expect(
      (await call('GET', `/api/notifications?device_id=${userDeviceId}`, undefined, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `/api/notifications/getNotificationDetails?IMEI=${device.imei}`,
          undefined,
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
    expect((await post({ DeviceId: userDeviceId, AlarmType: 'TEMP' }, otherToken)).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(
          'PUT',
          `/api/notifications/${created.Id}`,
          {
            DeviceId: userDeviceId,
            AlarmType: 'TEMP',
            MessageType: 'EMAIL',
            MessageAddress: 'x@example.com',
          },
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/notifications/${created.Id}`, undefined, otherToken)).statusCode,
    ).toBe(403);
  });
});
