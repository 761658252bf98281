import { z } from 'zod';
import { DeviceType, IdParam } from './common';
import { ImeiParams } from './user-devices';

/** The most units one debug-list answer holds; a search narrows the rest down. */
export const DEBUG_LIST_LIMIT = 200;
/** How many recent reports and alarm deliveries the debug details carry. */
export const DEBUG_DETAIL_LIMIT = 50;

/** Query of GET /api/users/getDeviceDebugList (device-management §7): the caller, and an optional search. */
export const DeviceDebugListQuery = z.object({
  userId: IdParam,
  /** Part of an IMEI, serial number or owner e-mail address; case does not matter. */
  search: z.string().trim().max(100).optional(),
});

/** Query of GET /api/users/getDeviceDebugDetails: the caller and the unit's IMEI. */
export const DeviceDebugDetailsQuery = z.object({ userId: IdParam }).extend(ImeiParams.shape);

/** One unit as support sees it in the debug list: the unit, its owner and its health. */
export const DebugDevice = z.object({
  DeviceId: z.string(),
  SerialNumber: z.string(),
  DeviceType,
  FirmwareVersion: z.string().nullable(),
  Memo: z.string().nullable(),
  DeviceNSP: z.number().int(),
  ModemActivated: z.boolean(),
  /** The owner's registration; null while the unit is in inventory. */
  UserDeviceId: z.number().int().nullable(),
  OwnerUserId: z.number().int().nullable(),
  OwnerEmail: z.string().nullable(),
  /** The owner's Active flag; null while unregistered. */
  Active: z.boolean().nullable(),
  /** ReportTimestamp of the latest stored report (the unit's own clock), ISO. */
  LastReportTime: z.string().nullable(),
  /** When the server last heard from the unit, ISO. */
  LastMessage: z.string().nullable(),
  PeripheralCount: z.number().int(),
  OpenAlarms: z.number().int(),
});
export type DebugDevice = z.infer<typeof DebugDevice>;

export const DeviceDebugList = z.object({
  Devices: z.array(DebugDevice),
  /** Units matching the search; more than Devices.length when the list was capped. */
  Total: z.number().int(),
});
export type DeviceDebugList = z.infer<typeof DeviceDebugList>;

/** One stored report with its raw values. */
export const DebugReport = z.object({
  ReportTimestamp: z.string(),
  ReceivedAt: z.string(),
  Temperature: z.number().nullable(),
  Humidity: z.number().nullable(),
  Power: z.number().nullable(),
  SignalStrength: z.number().nullable(),
  Water: z.number().nullable(),
  Motion: z.number().nullable(),
});
export type DebugReport = z.infer<typeof DebugReport>;

/** One alarm message to one address and what became of it. */
export const DebugDelivery = z.object({
  Id: z.number().int(),
  AlarmType: z.string().nullable(),
  Channel: z.enum(['email', 'sms', 'voice', 'push']),
  Address: z.string(),
  Subject: z.string().nullable(),
  Status: z.enum(['queued', 'sent', 'failed']),
  Attempts: z.number().int(),
  /** Why the latest attempt failed. */
  LastError: z.string().nullable(),
  CreatedAt: z.string(),
  SentAt: z.string().nullable(),
});
export type DebugDelivery = z.infer<typeof DebugDelivery>;

export const DeviceDebugDetails = z.object({
  Device: DebugDevice,
  Reports: z.array(DebugReport),
  Deliveries: z.array(DebugDelivery),
});
export type DeviceDebugDetails = z.infer<typeof DeviceDebugDetails>;
