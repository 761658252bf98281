import { randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../../src/context';

/**
 * Inventory rows for route tests, inserted directly so these tests do not wait on the
 * provisioning service. Serials and IMEIs are random per call.
 */
export type TestDevice = { id: number; imei: string; serialNumber: string };
export type TestPuck = { id: number; serial: string };

const SERIAL_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export async function createDevice(
  ctx: AppContext,
  {
    deviceType = 5,
    tenantId = 2,
    firmwareVersion = '10.6',
    memo = 'FW 10.6',
    deviceNsp = 1,
    provisionedAt = ctx.now(),
  }: {
    deviceType?: number;
    tenantId?: number;
    firmwareVersion?: string | null;
    memo?: string | null;
    deviceNsp?: number;
    /** By the test clock: the device protocol refuses readings a day older (decision 055). */
    provisionedAt?: Date;
  } = {},
): Promise<TestDevice> {
  const serialNumber = Array.from(
    { length: 6 },
    () => SERIAL_CHARS[randomInt(SERIAL_CHARS.length)],
  ).join('');
  const imei = Array.from({ length: 15 }, () => randomInt(10)).join('');
  const row = await ctx.db
    .insertInto('devices')
    .values({
      imei,
      serial_number: serialNumber,
      device_type: deviceType,
      tenant_id: tenantId,
      firmware_version: firmwareVersion,
      memo,
      device_nsp: deviceNsp,
      device_key_hash: randomBytes(32).toString('hex'),
      provisioned_at: provisionedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imei, serialNumber };
}

export async function createPuck(
  ctx: AppContext,
  { logicLevel = 32775, spuckStyle = 0 }: { logicLevel?: number | null; spuckStyle?: number } = {},
): Promise<TestPuck> {
  const serial = randomBytes(4).toString('hex').toUpperCase();
  const row = await ctx.db
    .insertInto('peripherals')
    .values({ serial, logic_level: logicLevel, spuck_style: spuckStyle })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, serial };
}

export async function addDeviceReport(
  ctx: AppContext,
  deviceId: number,
  values: {
    at: Date;
    temperature?: number;
    humidity?: number;
    power?: number;
    signalStrength?: number;
    water?: number;
    motion?: number;
  },
): Promise<void> {
  await ctx.db
    .insertInto('device_reports')
    .values({
      device_id: deviceId,
      report_timestamp: values.at,
      temperature: values.temperature ?? null,
      humidity: values.humidity ?? null,
      power: values.power ?? null,
      signal_strength: values.signalStrength ?? null,
      water: values.water ?? null,
      motion: values.motion ?? null,
    })
    .execute();
}

export async function addPuckReport(
  ctx: AppContext,
  peripheralId: number,
  values: { at: Date; temperature?: number; batteryLevel?: number },
): Promise<void> {
  await ctx.db
    .insertInto('peripheral_reports')
    .values({
      peripheral_id: peripheralId,
      report_timestamp: values.at,
      temperature: values.temperature ?? null,
      battery_level: values.batteryLevel ?? null,
    })
    .execute();
}
