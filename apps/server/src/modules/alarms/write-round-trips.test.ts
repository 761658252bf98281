import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type HttpMethod } from '../../../test/helpers/factories';
import { createDevice, createPuck } from '../../../test/helpers/device-factories';
import { countRoundTrips } from '../../../test/helpers/round-trips';

type Point = { Id: number; DeviceSensor: { SensorType: string } };
type Notification = { Id: number };

describe('alarm writes answer the row they wrote (decision 027)', () => {
  let t: TestApp;
  let token: string;
  let userDeviceId: number;
  let temp: Point;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    const device = await createDevice(t.ctx);
    userDeviceId = (
      await call('POST', `/api/users/${owner.id}/devices`, {
        SerialNumber: device.serialNumber,
        Name: 'Unit',
      })
    ).json<{ Id: number }>().Id;
    const puck = await createPuck(t.ctx, { logicLevel: 32775 });
    await call('POST', '/api/peripherals', {
      DeviceId: userDeviceId,
      SerialNumber: puck.serial,
      Name: 'P',
      Location: 'L',
    });
    const points = (await call('GET', `/api/alarmpoints?device_id=${userDeviceId}`)).json<
      Point[]
    >();
    temp = points.find((p) => p.DeviceSensor.SensorType === 'TEMP')!;
  });
  afterAll(() => t.close());

  const call = (method: HttpMethod, url: string, body?: unknown) =>
    injectAs(t.app, token, method, url, body);

  /** The call's round trips, and that its answer is what a read right after it answers. */
  const writeThenRead = async (method: HttpMethod, url: string, body: unknown, readUrl: string) => {
    const { answer, trips } = await countRoundTrips(() => call(method, url, body));
    expect(answer.statusCode).toBe(200);
    const read = await call('GET', readUrl);
    return { trips, body: answer.body, read: read.body };
  };

  it('changes a range in 3 round trips: the session, one access-checked read, one UPDATE … RETURNING (decision 027)', async () => {
    const { trips, body, read } = await writeThenRead(
      'PUT',
      `/api/alarmpoints/${temp.Id}`,
      { RangeMin: 10, RangeMax: 50 },
      `/api/alarmpoints/${temp.Id}`,
    );
    expect(body).toBe(read);
    expect(trips).toBeLessThanOrEqual(3);
  });

  it('turns an alarm point off and on again in 3 round trips each (decision 027)', async () => {
    for (const action of ['disable', 'enable']) {
      const { trips, body, read } = await writeThenRead(
        'POST',
        `/api/alarmpoints/${temp.Id}/${action}`,
        undefined,
        `/api/alarmpoints/${temp.Id}`,
      );
      expect(body).toBe(read);
      expect(trips).toBeLessThanOrEqual(3);
    }
  });

  it('reads one alarm point in 2 round trips: the session and one access-checked read (decision 027)', async () => {
    const { answer, trips } = await countRoundTrips(() =>
      call('GET', `/api/alarmpoints/${temp.Id}`),
    );
    expect(answer.statusCode).toBe(200);
    expect(trips).toBeLessThanOrEqual(2);
  });

  it('adds a notification in 5 round trips and changes one in 3, without reading it back (decision 027)', async () => {
    const input = {
      DeviceId: userDeviceId,
      AlarmType: 'HUMIDITY',
      MessageType: 'EMAIL',
      MessageAddress: 'night-shift@example.com',
    };
    const list = `/api/notifications?device_id=${userDeviceId}`;
    const added = await writeThenRead('POST', '/api/notifications', input, list);
    const id = JSON.parse(added.body) as Notification;
    expect(JSON.parse(added.read)).toContainEqual(JSON.parse(added.body));
    expect(added.trips).toBeLessThanOrEqual(5);

    const changed = await writeThenRead(
      'PUT',
      `/api/notifications/${id.Id}`,
      { ...input, MessageAddress: 'day-shift@example.com', Message: 'Check the freezer' },
      list,
    );
    expect(JSON.parse(changed.read)).toContainEqual(JSON.parse(changed.body));
    expect(changed.trips).toBeLessThanOrEqual(3);
  });

  it('removes a notification in 3 round trips: the session, one access-checked read, the DELETE (decision 027)', async () => {
    const added = await call('POST', '/api/notifications', {
      DeviceId: userDeviceId,
      AlarmType: 'POWER',
      MessageType: 'EMAIL',
      MessageAddress: 'spare@example.com',
    });
    const { answer, trips } = await countRoundTrips(() =>
      call('DELETE', `/api/notifications/${added.json<Notification>().Id}`),
    );
    expect(answer.statusCode).toBe(200);
    expect(trips).toBeLessThanOrEqual(3);
  });
});
