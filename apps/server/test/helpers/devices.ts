import type { AppContext } from '../../src/context';
import { provisionDevices, provisionPucks } from '../../src/modules/devices/inventory.service';

export type TestDevice = { id: number; imei: string; key: string; serial: string };

/**
 * Provisions one unit through the inventory service and returns its credentials. It is
 * provisioned at the test clock's now unless `provisionedAt` says otherwise: the device protocol
 * refuses readings dated more than a day before that (decision 055).
 */
export async function createDevice(
  ctx: AppContext,
  {
    deviceType = 4,
    firmwareVersion = '10.6',
    provisionedAt = ctx.now(),
  }: { deviceType?: number; firmwareVersion?: string; provisionedAt?: Date } = {},
): Promise<TestDevice> {
  const [device] = await provisionDevices(ctx.db, {
    deviceType,
    count: 1,
    tenantId: 2,
    firmwareVersion,
    provisionedAt,
  });
  if (!device) throw new Error('no device provisioned');
  return { id: device.Id, imei: device.IMEI, key: device.DeviceKey, serial: device.SerialNumber };
}

/** Provisions a puck and attaches it to a unit, as registering it would. */
export async function attachPuck(
  ctx: AppContext,
  deviceId: number,
  { logicLevel = 32775, location }: { logicLevel?: number; location?: string } = {},
): Promise<{ id: number; serial: string }> {
  const [puck] = await provisionPucks(ctx.db, { count: 1, logicLevel });
  if (!puck) throw new Error('no puck provisioned');
  await ctx.db
    .updateTable('peripherals')
    .set({
      device_id: deviceId,
      location: location ?? `Spot ${puck.Serial}`,
      attached_at: ctx.now(),
    })
    .where('id', '=', puck.Id)
    .execute();
  return { id: puck.Id, serial: puck.Serial };
}

/**
 * Registers a unit to a user as its owner; `parentUserDeviceId` makes a sub-account's row. An
 * owner's row sees the unit's whole history unless `visibleFrom` says otherwise (a unit owned
 * since before the test's readings); a sub-account's row sees it from the test clock's now on
 * (decision 017).
 */
export async function registerUserDevice(
  ctx: AppContext,
  {
    userId,
    deviceId,
    parentUserDeviceId = null,
    visibleFrom = parentUserDeviceId === null ? new Date(0) : ctx.now(),
    instantUpdates = 0,
    petMonitor = false,
    name = 'Test unit',
  }: {
    userId: number;
    deviceId: number;
    /** What the owner calls the unit; alarm messages and pages name it by this. */
    name?: string;
    parentUserDeviceId?: number | null;
    visibleFrom?: Date;
    /** Instant updates bought for the unit (what an owner's RPT or DOG spends). */
    instantUpdates?: number;
    /** The pet monitor upgrade (item 27), which DOG needs. */
    petMonitor?: boolean;
  },
): Promise<number> {
  const row = await ctx.db
    .insertInto('user_devices')
    .values({
      user_id: userId,
      device_id: deviceId,
      name,
      parent_user_device_id: parentUserDeviceId,
      visible_from: visibleFrom,
      instant_updates: instantUpdates,
      pet_monitor: petMonitor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The Authorization header of the device protocol: Basic with the IMEI and the device key. */
export function deviceAuth(device: { imei: string; key: string }): { authorization: string } {
  return {
    authorization: `Basic ${Buffer.from(`${device.imei}:${device.key}`).toString('base64')}`,
  };
}
