import { z } from 'zod';
import { DEVICE_COMMAND_NAMES } from '@monitor/domain/devices/device-commands';

/**
 * The device protocol, version 1 (docs/device-protocol.md): what a monitoring unit sends to
 * `POST /device-api/v1/reports` and what it gets back. Field names are the protocol's.
 */

/** Where a unit sends its readings and collects its commands. */
export const DEVICE_REPORTS_PATH = '/device-api/v1/reports';

/** Most readings in one call; a unit with more waiting sends several calls. */
export const MAX_REPORTS_PER_BATCH = 500;
/** Most pucks a unit carries (device-management §9). */
const MAX_PERIPHERALS_PER_REPORT = 16;
const MAX_ACKS = 500;

const Flag = z.union([z.literal(0), z.literal(1)], 'must be 0 or 1');

/** °F; wide enough for a freezer probe and a hot attic, narrow enough to catch garbage. */
const Temperature = z
  .number('must be a number')
  .min(-100, 'must be at least -100')
  .max(300, 'must be at most 300');

const Humidity = z
  .number('must be a number')
  .min(0, 'must be 0 to 100')
  .max(100, 'must be 0 to 100');

export const PeripheralReading = z.object({
  /** The puck's hex serial; hyphens or lower case are tolerated and normalised. */
  Id: z
    .string('must be the puck serial')
    .transform((value) => value.replaceAll('-', '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-F]{1,16}$/, 'must be a hex serial')),
  Temperature: Temperature.optional(),
  /** %RH; 99.90 means the puck has no humidity sensor (kept as sent). */
  Humidity: Humidity.optional(),
  Water: Flag.optional(),
  /** Count 0–254; 255 = not available. */
  BatteryLevel: z
    .number('must be a number')
    .int('must be a whole number')
    .min(0)
    .max(255)
    .optional(),
});
export type PeripheralReading = z.infer<typeof PeripheralReading>;

export const DeviceReport = z.object({
  /** When the unit took the reading: ISO 8601 with a zone (Z or ±hh:mm). */
  ReportTimestamp: z.iso.datetime({
    offset: true,
    message: 'must be an ISO 8601 time with a zone',
  }),
  Temperature: Temperature.optional(),
  Humidity: Humidity.optional(),
  /** 1 mains on, 0 mains off. */
  Power: Flag.optional(),
  /** 0–31. */
  SignalStrength: z
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 to 31')
    .max(31, 'must be 0 to 31')
    .optional(),
  Water: Flag.optional(),
  Motion: Flag.optional(),
  /** The firmware the unit runs, sent in every report; the server records the newest (docs/device-protocol.md). Optional for older units. */
  FirmwareVersion: z
    .string('must be text')
    .trim()
    .regex(/^\d+(\.\d+)*$/, 'must be a version such as 10.6')
    .max(20)
    .optional(),
  Peripherals: z
    .array(PeripheralReading, 'must be a list')
    .max(MAX_PERIPHERALS_PER_REPORT, `must have at most ${MAX_PERIPHERALS_PER_REPORT} pucks`)
    .default([]),
});
export type DeviceReport = z.infer<typeof DeviceReport>;

export const DeviceReportBatch = z.object({
  /** Oldest first; an empty list is a poll that only acknowledges and collects commands. */
  Reports: z
    .array(DeviceReport, 'must be a list')
    .max(MAX_REPORTS_PER_BATCH, `must have at most ${MAX_REPORTS_PER_BATCH} reports`),
  /** Ids of commands carried out since the last call. */
  Acks: z
    .array(z.number('must be a command id').int().positive().max(2_147_483_647), 'must be a list')
    .max(MAX_ACKS)
    .default([]),
});
export type DeviceReportBatch = z.infer<typeof DeviceReportBatch>;
/** A batch as a unit sends it, before the defaults (`Peripherals`, `Acks`) are filled in. */
export type DeviceReportBatchInput = z.input<typeof DeviceReportBatch>;

export const DeviceCommandName = z.enum(DEVICE_COMMAND_NAMES);
export type DeviceCommandName = z.infer<typeof DeviceCommandName>;

export const PendingCommand = z.object({
  Id: z.number().int(),
  Command: DeviceCommandName,
  IssuedAt: z.string(),
});
export type PendingCommand = z.infer<typeof PendingCommand>;

/** A reading of the batch refused for its date, which the unit's clock got wrong (decision 055). */
export const RefusedReport = z.object({
  /** Its place in `Reports`, from 0. */
  Index: z.number().int(),
  /** Why, naming the field: `Reports.3.ReportTimestamp: …`. */
  Message: z.string(),
});
export type RefusedReport = z.infer<typeof RefusedReport>;

export const DeviceReportAnswer = z.object({
  Accepted: z.number().int(),
  Duplicates: z.number().int(),
  /**
   * Readings refused for their date (before the unit was provisioned, or ahead of now): stored
   * nowhere, and not worth sending again. `Accepted + Duplicates + Refused` is the batch's size.
   */
  Refused: z.number().int(),
  RefusedReports: z.array(RefusedReport),
  /** Every command not yet acknowledged, oldest first. */
  Commands: z.array(PendingCommand),
});
export type DeviceReportAnswer = z.infer<typeof DeviceReportAnswer>;
