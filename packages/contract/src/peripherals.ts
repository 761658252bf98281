import { z } from 'zod';
import { PUCK_ALARM_TYPES } from '@monitor/domain/alarms/puck-notifications';
import { AlarmPoint } from './alarm-points';
import { IdParam, UnitRef } from './common';

/** A puck serial as typed: 8 hex characters, hyphens and spaces ignored. */
export const PuckSerial = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{8}$/, 'Enter the 8-character SPuck id.'));

/**
 * Peripheral (puck, device-management §3): Id is the hex serial, SerialNumber the same shown with a
 * hyphen after every 2 characters; DeviceId is the unit's IMEI, UserDeviceId the caller's device.
 */
export const Peripheral = z.object({
  Id: z.string(),
  SerialNumber: z.string(),
  Name: z.string().nullable(),
  Location: z.string().nullable(),
  DeviceId: z.string().nullable(),
  UserDeviceId: z.number().int().nullable(),
  LogicLevel: z.number().int().nullable(),
  SPuckStyle: z.number().int(),
  SPuckAlias: z.string().nullable(),
  BatteryLevel: z.number().int().nullable(),
  CallinTime: z.string().nullable(),
  ManufactureDate: z.string().nullable(),
  Sensors: z.array(z.string()),
  AlarmPoints: z.array(AlarmPoint),
});
export type Peripheral = z.infer<typeof Peripheral>;

export const PeripheralList = z.array(Peripheral);

const text = (label: string) =>
  z.string().trim().min(1, `${label} is required.`).max(100, `${label} is too long.`);

/** Body of POST /api/peripherals: attach a puck to a user device (DeviceId is its Id). */
export const PeripheralAttach = z.object({
  DeviceId: IdParam,
  SerialNumber: PuckSerial,
  Name: text('Name'),
  Location: text('Location'),
});

/** Body of PUT /api/peripherals/{Id}. */
export const PeripheralUpdate = z.object({ Name: text('Name'), Location: text('Location') });

/** Body of PUT /api/peripherals/updatelogiclevel (device-management §4, §7). */
export const LogicLevelUpdate = z.object({
  id: PuckSerial,
  alarmType: z
    // A puck's alarm types, or its sensor types, which the call also takes.
    .array(z.enum([...PUCK_ALARM_TYPES, 'SP_TEMP', 'SP_HUMID']))
    .min(1, 'Please select at least one alarm type.'),
  setType: z.union([z.literal(1), z.literal(-1)]),
});

/** Body of PUT /api/devices/transferSpuck: [old puck id, new serial, IMEI] (device-management §7). */
export const TransferSpuck = z.tuple([
  PuckSerial,
  PuckSerial,
  z
    .string()
    .trim()
    .regex(/^\d{15}$/),
]);

export const PeripheralIdParams = z.object({ id: PuckSerial });
/** DeviceId: the caller's user device Id, or the unit's IMEI. */
export const PeripheralDeleteParams = z.object({ DeviceId: UnitRef, Id: PuckSerial });
export const PeripheralQuery = z.object({
  device_id: IdParam,
  location: z.string().trim().min(1).max(100).optional(),
});
export const SpucksByDeviceQuery = z.object({ deviceId: IdParam });
export const SpuckDetailsQuery = z.object({ spuckId: PuckSerial });
export const UserPeripheralsParams = z.object({ deviceId: IdParam });

/** Answer of GET /api/users/peripherals/{deviceId}. */
export const UserPeripherals = z.object({
  Peripherals: PeripheralList,
  AlarmPoints: z.array(AlarmPoint),
});
