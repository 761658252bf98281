import { z } from 'zod';
import { AlarmPoint } from './alarm-points';
import { DeviceType, IdParam, UnitRef } from './common';
import { Peripheral } from './peripherals';

/** A device serial as typed: 6 letters and digits (accounts-devices-billing §5); checked by the server. */
export const DeviceSerial = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{6}$/, 'Enter the 6-character serial number.'));

/** Device (accounts-devices-billing §3): the unit itself, as inventory holds it. */
export const Device = z.object({
  Id: z.number().int(),
  IMEI: z.string(),
  SerialNumber: z.string(),
  DeviceType,
  TenantId: z.number().int(),
  FirmwareVersion: z.string().nullable(),
  Memo: z.string().nullable(),
  DeviceNSP: z.number().int(),
  ModemActivated: z.boolean(),
});
export type Device = z.infer<typeof Device>;

/**
 * LastRead (device-management §3): the latest stored report of the unit the caller sees (decision
 * 017); Water and Motion read 1 when the unit's own sensor trips (§4).
 */
export const LastRead = z.object({
  ReportTimestamp: z.string(),
  Temperature: z.number().nullable(),
  Humidity: z.number().nullable(),
  SignalStrength: z.number().nullable(),
  Power: z.number().nullable(),
  Water: z.number().nullable(),
  Motion: z.number().nullable(),
  DeviceMute: z.boolean(),
  LastRangeChangeDevice: z.string().nullable(),
});

/**
 * UserDevice (device-management §3, accounts-devices-billing §3). DeviceId is the unit's IMEI;
 * billing fields (subscription) are later work and answer null.
 */
export const UserDevice = z.object({
  Id: z.number().int(),
  UserDeviceId: z.number().int(),
  UserId: z.number().int(),
  DeviceId: z.string(),
  SerialNumber: z.string(),
  DeviceType,
  TenantId: z.number().int(),
  Name: z.string().nullable(),
  Location: z.string().nullable(),
  TimeZone: z.number().int(),
  PetMonitor: z.boolean(),
  LastRequestedTime: z.number().int().nullable(),
  Mute: z.boolean(),
  SubAccountDevice: z.boolean(),
  SubAccountDateCreated: z.string().nullable(),
  LastRead: LastRead.nullable(),
  /** 0 ok, 1 warning, 2 alarm from the latest report (device-management §4); null before any report. */
  Status: z.number().int().nullable(),
  LastMessage: z.string().nullable(),
  Active: z.boolean(),
  RegistrationComplete: z.boolean(),
  DeviceNSP: z.number().int(),
  Memo: z.string().nullable(),
  FirmwareVersion: z.string().nullable(),
  InstantUpdates: z.number().int(),
  HumidityActive: z.boolean(),
  TemperatureActive: z.boolean(),
  SubscriptionId: z.number().int().nullable(),
  /** 1 when the device is eligible for the replacement offer, else 0 (packages/domain replacement-offer). */
  VRP: z.number().int(),
  /** The replacement-offer page for this device; null when VRP is 0. */
  VRPLink: z.string().nullable(),
  AlarmPoints: z.array(AlarmPoint),
  Peripherals: z.array(Peripheral),
  /**
   * Until when the owner silenced the unit's alarm messages (issue #23, ISO 8601); null when it is
   * not snoozed. Always sent; optional so a client built before it still reads the answer.
   */
  AlarmsSnoozedUntil: z.string().nullable().optional(),
});
export type UserDevice = z.infer<typeof UserDevice>;

export const UserDeviceList = z.array(UserDevice);

/** Body of POST /api/users/{userId}/devices: registers a serial to the account. */
export const UserDeviceRegistration = z.object({
  SerialNumber: DeviceSerial,
  Name: z.string().trim().min(1, 'Name is required.').max(100),
  Location: z.string().trim().max(100).nullish(),
  TimeZone: z.number().int().min(-12).max(14).default(-5),
});

/** Body of PUT /api/users/{userId}/devices/{userDeviceId}: only the fields sent change. */
export const UserDeviceUpdate = z.object({
  Name: z.string().trim().min(1).max(100).optional(),
  Location: z.string().trim().max(100).nullish(),
  TimeZone: z.number().int().min(-12).max(14).optional(),
  Mute: z.boolean().optional(),
  PetMonitor: z.boolean().optional(),
  HumidityActive: z.boolean().optional(),
  TemperatureActive: z.boolean().optional(),
});

export const UserDevicesParams = z.object({ userId: IdParam });
export const UserDeviceParams = z.object({ userId: IdParam, userDeviceId: IdParam });
export const UserIdQuery = z.object({ userId: IdParam });

/** Answer of GET /api/users/getDeviceCount. */
export const DeviceCount = z.object({ DeviceCount: z.number().int() });

/** Path of GET /api/devices/{id}: the unit's numeric Id or its 15-digit IMEI. */
export const DeviceRefParams = z.object({ id: UnitRef });

/**
 * Answer of GET /api/devices/findbyserial/{serial}: the Device shape, whole for the unit's owner;
 * anyone else learns only what registration needs (the unit exists, Registered or free) and the
 * firmware facts getDeviceFirmware gives anyone, with the rest null.
 */
export const DeviceBySerial = Device.extend({
  Id: z.number().int().nullable(),
  IMEI: z.string().nullable(),
  DeviceNSP: z.number().int().nullable(),
  ModemActivated: z.boolean().nullable(),
  Registered: z.boolean(),
});
export type DeviceBySerial = z.infer<typeof DeviceBySerial>;
export const ImeiParams = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'Enter a 15-digit IMEI.'),
});
export const SerialParams = z.object({ serial: DeviceSerial });
export const SerialNumberQuery = z.object({ serialNumber: DeviceSerial });
export const SerialQuery = z.object({ serial: DeviceSerial });

/** Answer of GET /api/devices/getDeviceFirmware. */
export const DeviceFirmware = z.object({
  SerialNumber: z.string(),
  DeviceType,
  FirmwareVersion: z.string().nullable(),
  Memo: z.string().nullable(),
  IsSupported: z.boolean(),
  IsPuckEligible: z.boolean(),
});
