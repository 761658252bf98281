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

  const ESCALATED = {
    WaitMinutes: 20,
    RepeatMinutes: 15,
    RepeatCap: 5,
    TellAllClear: false,
    TellAcknowledged: false,
  };
  const put = (id: number, userDeviceId: number, body: Record<string, unknown>, auth = token) =>
    call(
      'PUT',
      `/api/notifications/${id}`,
      {
        DeviceId: userDeviceId,
        AlarmType: 'TEMP',
        MessageType: 'SMS',
        MessageAddress: '5855550101',
        ...body,
      },
      auth,
    );
  const listed = async (userDeviceId: number, id: number) =>
    (await call('GET', `/api/notifications?device_id=${userDeviceId}`))
      .json<{ Id: number }[]>()
      .find((n) => n.Id === id);

  it('issue #23 repeat and escalate: stores the wait, repeat, cap and follow-ups and answers them on every read', async () => {
    const { device, userDeviceId } = await newUserDevice();
    const created = await post({
      DeviceId: userDeviceId,
      AlarmType: 'TEMP',
      MessageType: 'SMS',
      MessageAddress: '5855550101',
      ...ESCALATED,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject(ESCALATED);
    const { Id } = created.json<{ Id: number }>();
    expect(await listed(userDeviceId, Id)).toMatchObject(ESCALATED);
    const details = await call(
      'GET',
      `/api/notifications/getNotificationDetails?IMEI=${device.imei}`,
    );
    expect(details.json().find((n: { Id: number }) => n.Id === Id)).toMatchObject(ESCALATED);

    const changed = await put(Id, userDeviceId, {
      WaitMinutes: 0,
      RepeatMinutes: 60,
      RepeatCap: 24,
      TellAllClear: true,
      TellAcknowledged: false,
    });
    expect(changed.statusCode).toBe(200);
    const expected = {
      WaitMinutes: 0,
      RepeatMinutes: 60,
      RepeatCap: 24,
      TellAllClear: true,
      TellAcknowledged: false,
    };
    expect(changed.json()).toMatchObject(expected);
    expect(await listed(userDeviceId, Id)).toMatchObject(expected);
  });

  it('issue #23 repeat and escalate: a new notification that leaves them out tells at once, once, with both follow-ups', async () => {
    const { userDeviceId } = await newUserDevice();
    const defaults = {
      WaitMinutes: 0,
      RepeatMinutes: 0,
      RepeatCap: 3,
      TellAllClear: true,
      TellAcknowledged: true,
    };
    const created = await post({ DeviceId: userDeviceId, AlarmType: 'POWER' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject(defaults);
    // The notifications registration made have them too.
    const all = (await call('GET', `/api/notifications?device_id=${userDeviceId}`)).json();
    expect(all).toHaveLength(5);
    for (const notification of all) expect(notification).toMatchObject(defaults);
  });

  it('issue #23 repeat and escalate: a change that leaves them out keeps them, as a client that predates them sends', async () => {
    const { userDeviceId } = await newUserDevice();
    const { Id } = (await post({ DeviceId: userDeviceId, AlarmType: 'TEMP', ...ESCALATED })).json<{
      Id: number;
    }>();
    const changed = await put(Id, userDeviceId, { Message: 'Check the barn' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ Message: 'Check the barn', ...ESCALATED });
    expect(await listed(userDeviceId, Id)).toMatchObject(ESCALATED);
  });

  it('issue #23 repeat and escalate: lets a NOCALL notification wait and repeat', async () => {
    const { userDeviceId } = await newUserDevice();
    const created = await post({ DeviceId: userDeviceId, AlarmType: 'NOCALL', ...ESCALATED });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ AlarmType: 'NOCALL', ...ESCALATED });
  });

  it('issue #23 repeat and escalate: refuses a repeat of 20 minutes, a cap of 0 and a wait of 2000 minutes, saying why', async () => {
    const { userDeviceId } = await newUserDevice();
    const { Id } = (await post({ DeviceId: userDeviceId, AlarmType: 'TEMP' })).json<{
      Id: number;
    }>();
    const refusals: [Record<string, unknown>, string][] = [
      [{ RepeatMinutes: 20 }, 'Repeat every 15, 30 or 60 minutes, or 0 for no repeat.'],
      [{ RepeatCap: 0 }, 'Repeat at most 1 to 24 times.'],
      [{ RepeatCap: 25 }, 'Repeat at most 1 to 24 times.'],
      [{ WaitMinutes: 2000 }, 'Wait a whole number of minutes from 0 to 1440.'],
      [{ WaitMinutes: -1 }, 'Wait a whole number of minutes from 0 to 1440.'],
      [{ WaitMinutes: 2.5 }, 'Wait a whole number of minutes from 0 to 1440.'],
      [{ TellAllClear: 'yes' }, 'TellAllClear is true or false.'],
    ];
    for (const [body, message] of refusals) {
      for (const response of [
        await post({ DeviceId: userDeviceId, AlarmType: 'TEMP', ...body }),
        await put(Id, userDeviceId, body),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 400 });
        expect(response.json().error.message).toContain(message);
      }
    }
    // Nothing was stored: the device still has its 4 from registration and the one above.
    expect((await call('GET', `/api/notifications?device_id=${userDeviceId}`)).json()).toHaveLength(
      5,
    );
    expect(await listed(userDeviceId, Id)).toMatchObject({ WaitMinutes: 0, RepeatCap: 3 });
  });

  it("issue #23 repeat and escalate: a sub-account cannot change the owner's settings (device-management §6, decision 017)", async () => {
    const { device, userDeviceId } = await newUserDevice();
    const { Id } = (await post({ DeviceId: userDeviceId, AlarmType: 'TEMP', ...ESCALATED })).json<{
      Id: number;
    }>();
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
    expect(seen.json().find((n: { Id: number }) => n.Id === Id)).toMatchObject(ESCALATED);
    for (const DeviceId of [subRow.id, userDeviceId]) {
      const refused = await put(
        Id,
        DeviceId,
        { RepeatMinutes: 0, WaitMinutes: 0, TellAllClear: true },
        subToken,
      );
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (
        await post(
          { DeviceId: subRow.id, AlarmType: 'TEMP', RepeatMinutes: 15, WaitMinutes: 5 },
          subToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(await listed(userDeviceId, Id)).toMatchObject(ESCALATED);
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
