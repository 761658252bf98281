import { z } from 'zod';
import { IdParam } from './common';

/** ReportLog (device-management §3): the latest report time of the unit, null before any report. */
export const ReportLog = z.object({ ReportTimestamp: z.string().nullable() });

/** Path of GET /api/reportlog/devices/{deviceId}: a user device Id. */
export const ReportLogParams = z.object({ deviceId: IdParam });

/** A puck's hex serial as a query names it: `0A1B2C3D`, `0a-1b-2c-3d` accepted. */
export const PuckSerial = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{8}$/, 'Enter the 8-character SPuck id.'));

/** Query of GET /api/reportlog/getSpuckLog: the puck's hex serial and a 1-based page of 500. */
export const SpuckLogQuery = z.object({
  spuckId: PuckSerial,
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

export const SpuckLogRow = z.object({
  ReportTimestamp: z.string(),
  Temperature: z.number().nullable(),
  Humidity: z.number().nullable(),
  Water: z.number().nullable(),
  BatteryLevel: z.number().nullable(),
});
export const SpuckLog = z.array(SpuckLogRow);
