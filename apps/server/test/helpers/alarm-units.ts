import type { Insertable } from 'kysely';
import type { AppContext } from '../../src/context';
import type { DB } from '../../src/platform/database/schema';
import type { ReportsStored } from '../../src/modules/telemetry/reports-stored';
import { createUser } from './factories';
import { createDevice, deviceAuth, registerUserDevice, type TestDevice } from './devices';
import type { TestApp } from './test-app';

/**
 * Units for the alarm tests: a provisioned unit registered to a fresh owner, with the alarm
 * points and notifications a test asks for, and a way to post readings through the real ingest
 * route.
 */
export type AlarmUnit = {
  device: TestDevice;
  deviceType: number;
  userId: number;
  email: string;
  userDeviceId: number;
};

export type NotificationSpec = Omit<Insertable<DB['notifications']>, 'user_device_id'>;
export type AlarmPointSpec = Omit<Insertable<DB['alarm_points']>, 'user_device_id'>;

/** The unit's own default points: TEMP 40–85 °F and HUMIDITY 10–70 % (device-management §9). */
export const DEFAULT_POINTS: AlarmPointSpec[] = [
  { sensor_type: 'TEMP', range_min: 40, range_max: 85 },
  { sensor_type: 'HUMIDITY', range_min: 10, range_max: 70 },
];

export async function createAlarmUnit(
  ctx: AppContext,
  {
    deviceType = 4,
    points = DEFAULT_POINTS,
    notifications = [],
    mute = false,
  }: {
    deviceType?: number;
    points?: AlarmPointSpec[];
    notifications?: NotificationSpec[];
    mute?: boolean;
  } = {},
): Promise<AlarmUnit> {
  const device = await createDevice(ctx, { deviceType });
  const user = await createUser(ctx);
  const userDeviceId = await registerUserDevice(ctx, { userId: user.id, deviceId: device.id });
  if (mute)
    await ctx.db.updateTable('user_devices').set({ mute }).where('id', '=', userDeviceId).execute();
  await addAlarmPoints(ctx, userDeviceId, points);
  await addNotifications(ctx, userDeviceId, notifications);
  return { device, deviceType, userId: user.id, email: user.email_address, userDeviceId };
}

export async function addAlarmPoints(
  ctx: AppContext,
  userDeviceId: number,
  points: AlarmPointSpec[],
): Promise<void> {
  if (points.length === 0) return;
  await ctx.db
    .insertInto('alarm_points')
    .values(points.map((p) => ({ ...p, user_device_id: userDeviceId })))
    .execute();
}

export async function addNotifications(
  ctx: AppContext,
  userDeviceId: number,
  notifications: NotificationSpec[],
): Promise<void> {
  if (notifications.length === 0) return;
  await ctx.db
    .insertInto('notifications')
    .values(notifications.map((n) => ({ ...n, user_device_id: userDeviceId })))
    .execute();
}

/** An e-mail notification of one alarm type. */
export const email = (
  alarmType: NotificationSpec['alarm_type'],
  address: string,
  extra: Partial<NotificationSpec> = {},
): NotificationSpec => ({
  alarm_type: alarmType,
  message_type: 'EMAIL',
  message_address: address,
  message: null,
  ...extra,
});

export type ReadingFields = {
  Temperature?: number;
  Humidity?: number;
  Power?: number;
  Water?: number;
  Motion?: number;
  Peripherals?: Record<string, unknown>[];
};

/** Posts readings through the device protocol; each is `[time, fields]`. Normal values by default. */
export async function postReadings(
  t: TestApp,
  device: TestDevice,
  readings: [Date, ReadingFields][],
): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/reports',
    headers: deviceAuth(device),
    payload: {
      Reports: readings.map(([at, fields]) => ({
        ReportTimestamp: at.toISOString(),
        Temperature: 68,
        Humidity: 40,
        Power: 1,
        SignalStrength: 20,
        ...fields,
      })),
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`ingest failed: ${response.statusCode} ${response.body}`);
}

/**
 * Stores readings as ingest would and answers what the engine hears of them, so a test can hand
 * the same batch to `evaluateAlarms` itself, as two processes might; each is `[time, temperature]`.
 */
export async function storeReadings(
  ctx: AppContext,
  unit: AlarmUnit,
  readings: [Date, number][],
): Promise<ReportsStored> {
  const rows = readings.map(([at, temperature]) => ({
    report_timestamp: at,
    temperature,
    humidity: 40,
    power: 1,
    signal_strength: 20,
  }));
  await ctx.db
    .insertInto('device_reports')
    .values(rows.map((row) => ({ ...row, device_id: unit.device.id })))
    .execute();
  return {
    device: {
      id: unit.device.id,
      imei: unit.device.imei,
      serialNumber: unit.device.serial,
      deviceType: unit.deviceType,
    },
    reports: rows.map((row) => ({
      reportTimestamp: row.report_timestamp,
      temperature: row.temperature,
      humidity: row.humidity,
      power: row.power,
      signalStrength: row.signal_strength,
      water: null,
      motion: null,
      peripherals: [],
    })),
    receivedAt: ctx.now(),
  };
}

/** The events of a user device, oldest first. */
export function findEvents(ctx: AppContext, userDeviceId: number) {
  return ctx.db
    .selectFrom('alarm_events')
    .selectAll()
    .where('user_device_id', '=', userDeviceId)
    .orderBy('id')
    .execute();
}

/** The deliveries queued for a user device's events, oldest first. */
export function findDeliveries(ctx: AppContext, userDeviceId: number) {
  return ctx.db
    .selectFrom('deliveries as dl')
    .innerJoin('alarm_events as e', 'e.id', 'dl.alarm_event_id')
    .selectAll('dl')
    .select('e.alarm_type')
    .where('e.user_device_id', '=', userDeviceId)
    .orderBy('dl.id')
    .execute();
}
