import { join } from 'node:path';
import { isNistDevice } from '@monitor/domain/devices/device-types';
import type { LogicLevel } from '@monitor/domain/devices/pucks';
import type { AppContext } from '../context';
import {
  findOwnedUnits,
  setInstantUpdates,
  showOwnedHistoryFrom,
  updateDeviceKeyHash,
} from './demo-fleet.repository';
import { findPeripheralRowsByDevices } from '../modules/pucks/peripherals.repository';
import { provisionDevices, provisionPucks } from '../modules/devices/inventory.service';
import { findCurrentCertificate } from '../modules/certificates/certificates.repository';
import { certificateKey, issueCertificate } from '../modules/certificates/certificates.service';
import { attachPeripheral } from '../modules/pucks/peripherals.service';
import { registerUserDevice } from '../modules/devices/user-devices.service';
import { setPetMonitor } from '../modules/entitlements/entitlements.repository';
import { generateToken, hashToken } from '../platform/security/tokens';
import { writeFleetFile, type FleetFileEntry } from './fleet-file';

/**
 * The demo fleet (issue #4, decision 013): units a new user recognises, registered to the demo
 * customer through the same services an operator and an owner use, so they get the default alarm
 * points and notifications. Types are test types (device-types.ts) so registration completes
 * without billing, except Lake House, which seeding subscribes with a test card; firmware 10.6 with a carrier-1 memo lets the live channel and pucks in.
 */
export type DemoUnit = {
  deviceType: number;
  name: string;
  location: string;
  isPetMonitor?: boolean;
  pucks?: { logicLevel: LogicLevel; name: string; location: string }[];
};

export const DEMO_FIRMWARE = '10.6';
/** US Eastern, the registration form's default. */
const DEMO_TIME_ZONE = -5;
export const DEMO_FLEET_FILE = 'demo-fleet.json';
/**
 * Days of history the demo shows: the simulator back-fills this much (its --backfill-days default)
 * for units registered at the first start, so their registration counts from then (decision 017),
 * and their provisioning too, or the device protocol would refuse the back-fill (decision 055).
 */
export const DEMO_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
/** Instant updates are bought (item 13); the demo units come with some so the button works. */
const DEMO_INSTANT_UPDATES = 25;

export const DEMO_FLEET: readonly DemoUnit[] = [
  // Type 1 pays by card: the demo's one unit with a monitoring subscription to manage (issue #14).
  { deviceType: 1, name: 'Lake House', location: 'Kitchen' },
  {
    deviceType: 5,
    name: 'Server Room',
    location: 'Main office',
    pucks: [
      { logicLevel: 32775, name: 'Rack A', location: 'Rack A top' },
      { logicLevel: 32771, name: 'Cold aisle', location: 'Cold aisle' },
      { logicLevel: 32769, name: 'Under floor', location: 'Raised floor' },
    ],
  },
  // NIST thermometers watch a pharmacy's controlled room temperature; the simulated readings suit it.
  { deviceType: 10, name: 'Pharmacy', location: 'Medication room' },
  { deviceType: 2, name: 'Dog at home', location: 'Living room', isPetMonitor: true },
];

/** Provisions and registers the demo fleet to a customer who owns no unit yet. */
async function registerDemoFleet(ctx: AppContext, userId: number): Promise<void> {
  for (const unit of DEMO_FLEET) {
    const [device] = await provisionDevices(ctx.db, {
      deviceType: unit.deviceType,
      count: 1,
      tenantId: ctx.config.defaultTenantId,
      firmwareVersion: DEMO_FIRMWARE,
      carrier: 1,
      // Dated back with the history it shows, below (showOwnedHistoryFrom), before the back-fill.
      provisionedAt: ctx.now(),
    });
    if (!device) throw new Error('provisioning made no unit');
    const userDevice = await registerUserDevice(ctx, {
      userId,
      serial: device.SerialNumber,
      name: unit.name,
      location: unit.location,
      timeZone: DEMO_TIME_ZONE,
    });
    await setInstantUpdates(ctx.db, userDevice.Id, DEMO_INSTANT_UPDATES);
    // As if the pet monitor upgrade had been bought (item 27) for the unit.
    if (unit.isPetMonitor) await setPetMonitor(ctx.db, userDevice.Id, true);
    for (const puck of unit.pucks ?? []) {
      const [made] = await provisionPucks(ctx.db, { count: 1, logicLevel: puck.logicLevel });
      if (!made) throw new Error('provisioning made no puck');
      await attachPeripheral(ctx, {
        callerId: userId,
        userDeviceId: userDevice.Id,
        serial: made.Serial,
        name: puck.name,
        location: puck.location,
      });
    }
  }
}

/**
 * Makes sure the demo customer has units to simulate and hands the simulator their keys. The
 * fleet is registered once, when the customer owns no unit; every unit the customer owns counts as
 * a demo unit. Keys are stored hashed, so each start gives every unit a new key and writes them to
 * `<dataDir>/demo-fleet.json` (owner-only), with the time of each unit's last report so the
 * simulator back-fills only the gap. The demo customer sees the last DEMO_HISTORY_DAYS of history.
 */
export async function ensureDemoFleet(
  ctx: AppContext,
  { userId, dataDir }: { userId: number; dataDir: string },
): Promise<{ path: string; units: FleetFileEntry[]; isNew: boolean }> {
  let owned = await findOwnedUnits(ctx.db, userId);
  const isNew = owned.length === 0;
  if (isNew) {
    await registerDemoFleet(ctx, userId);
    owned = await findOwnedUnits(ctx.db, userId);
  }
  // Each NIST unit has its calibration certificate (device-management §2), issued when the fleet
  // is made, and again should its file be gone (a data folder restored without its files).
  for (const unit of owned.filter((owned) => isNistDevice(owned.device_type))) {
    const current = await findCurrentCertificate(ctx.db, unit.device_id);
    if (!current || !(await ctx.files.exists(certificateKey(current.certificate_number))))
      await issueCertificate(ctx, { deviceId: unit.device_id });
  }
  await showOwnedHistoryFrom(
    ctx.db,
    userId,
    new Date(ctx.now().getTime() - DEMO_HISTORY_DAYS * DAY_MS),
  );
  const pucks = await findPeripheralRowsByDevices(
    ctx.db,
    owned.map((unit) => unit.device_id),
  );
  const units: FleetFileEntry[] = [];
  for (const unit of owned) {
    const key = generateToken();
    await updateDeviceKeyHash(ctx.db, unit.device_id, hashToken(key));
    units.push({
      SerialNumber: unit.serial_number,
      IMEI: unit.imei,
      DeviceKey: key,
      DeviceType: unit.device_type,
      ...(unit.firmware_version !== null && { FirmwareVersion: unit.firmware_version }),
      Pucks: pucks
        .filter((puck) => puck.device_id === unit.device_id)
        .map((puck) => ({ Id: puck.serial, LogicLevel: puck.logic_level })),
      BackfillFrom: unit.last_report_at?.toISOString() ?? null,
    });
  }
  const path = join(dataDir, DEMO_FLEET_FILE);
  await writeFleetFile(path, units);
  return { path, units, isNew };
}
