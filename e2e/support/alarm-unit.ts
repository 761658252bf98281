import { expect, type APIRequestContext } from '@playwright/test';
import { provisionDevices, type ProvisionedUnit } from './inventory';
import { signInByApi } from './sign-in';

/**
 * A PRO test unit (type 5) registered to the demo customer without payment, its temperature range
 * set to 40–80 °F, and a way to post its readings as the unit would. The unit's clock runs three
 * minutes ahead of the server's (drift the device protocol allows, up to five): its first reading
 * is dated three minutes after the range change, inside the spec's sync window, without the test
 * waiting for it. Each later reading is a second later.
 */
export type AlarmUnit = {
  unit: ProvisionedUnit;
  userDeviceId: number;
  userId: number;
  headers: Record<string, string>;
  /** Posts one reading through a test's own request context and waits for the product's answer. */
  report: (request: APIRequestContext, temperature: number) => Promise<void>;
  /** Takes the unit off the demo account again: later journeys count the demo fleet. */
  remove: (request: APIRequestContext) => Promise<void>;
};

export async function registerAlarmUnit(
  request: APIRequestContext,
  name: string,
): Promise<AlarmUnit> {
  const unit = (await provisionDevices({ type: 5, firmware: '10.6' }))[0]!;
  const { userId, headers } = await signInByApi(request);
  const registered = await request.post(`/api/users/${userId}/devices`, {
    headers,
    data: { SerialNumber: unit.SerialNumber, Name: name },
  });
  expect(registered.ok()).toBe(true);
  const userDeviceId = ((await registered.json()) as { Id: number }).Id;
  const points = await request.get(`/api/alarmpoints?device_id=${userDeviceId}&type=TEMP`, {
    headers,
  });
  const [temperature] = (await points.json()) as { Id: number }[];
  const changed = await request.put(`/api/alarmpoints/${temperature!.Id}`, {
    headers,
    data: { RangeMin: 40, RangeMax: 80, TempPref: 'F' },
  });
  expect(changed.ok()).toBe(true);
  let unitClock = Date.now() + 3 * 60_000;
  return {
    unit,
    userDeviceId,
    userId,
    headers,
    report: async (client, value) => {
      unitClock += 1_000;
      const answer = await client.post('/device-api/v1/reports', {
        headers: {
          authorization: `Basic ${Buffer.from(`${unit.IMEI}:${unit.DeviceKey}`).toString('base64')}`,
        },
        data: {
          Reports: [
            {
              ReportTimestamp: new Date(unitClock).toISOString(),
              Temperature: value,
              Humidity: 40,
              Power: 1,
              SignalStrength: 20,
            },
          ],
        },
      });
      expect(answer.status()).toBe(200);
    },
    remove: async (client) => {
      const removed = await client.delete(`/api/users/${userId}/devices/${userDeviceId}`, {
        headers,
      });
      expect(removed.ok()).toBe(true);
    },
  };
}
