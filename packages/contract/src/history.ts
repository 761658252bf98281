import { z } from 'zod';
import { ALARM_TYPES } from '@monitor/domain/alarms/notifications';
import { isTimeZoneOffset } from '@monitor/domain/devices/time-zones';
import { IdParam, TempPref } from './common';
import { PuckSerial } from './report-log';

/**
 * History calls (device-management §2, §4, §7, §9): graphs, tables, CSV files and the NIST
 * certificate of a unit or a puck. Times in queries are unix seconds; graph points carry
 * milliseconds (device-management §3 "timestamps in milliseconds for graphs").
 */

/** Latest time a query may name: far enough for any clock, small enough for a timestamp. */
const MAX_UNIX_SECONDS = 4_102_444_800; // 2100-01-01

/** A moment in a history query, unix seconds. */
export const UnixSeconds = z.coerce
  .number('Enter a time in unix seconds.')
  .int('Enter a time in unix seconds.')
  .min(0, 'Enter a time in unix seconds.')
  .max(MAX_UNIX_SECONDS, 'Enter a time in unix seconds.');

/** A device's time zone, its GMT offset in hours from the list (accounts-devices-billing §9). */
export const ReportTimeZone = z.coerce
  .number('Choose a time zone from the list (GMT-10 to GMT-4).')
  .refine(isTimeZoneOffset, 'Choose a time zone from the list (GMT-10 to GMT-4).');

/** A query-string flag: `true`/`false` or `1`/`0`. */
export const QueryFlag = z
  .enum(['true', 'false', '1', '0'], 'Enter true or false.')
  .transform((value) => value === 'true' || value === '1');

/** The period every history call names; `from` before `to` is checked by the server. */
const Period = {
  from: UnixSeconds,
  to: UnixSeconds,
  tempPref: TempPref.default('F'),
  timeZone: ReportTimeZone.default(-5),
};

/** A graph point: [timestampMs, value] (device-management §3 Report summary). */
export const GraphPoint = z.tuple([z.number(), z.number()]);

/** min / max / average of one sensor over the whole period (before downsampling); null with no readings. */
export const SensorStats = z
  .object({ min: z.number(), max: z.number(), average: z.number(), count: z.number().int() })
  .nullable();

/** A spell in alarm that overlaps the period, for shading the graph; `to` null while still open. */
export const AlarmSpell = z.object({
  AlarmType: z.enum(ALARM_TYPES),
  from: z.number(),
  to: z.number().nullable(),
});

/**
 * Report summary (device-management §3, §9): the series downsampled for a graph, the temperature
 * axis by the §9 rules, and ours beside them: the period's statistics and its alarm spells.
 */
export const ReportSummary = z.object({
  tempData: z.array(GraphPoint),
  humidityData: z.array(GraphPoint),
  /** 5.01 means OFF, 5 On (device-management §9). */
  powerData: z.array(GraphPoint),
  axisMin: z.number(),
  axisMax: z.number(),
  stats: z.object({ temperature: SensorStats, humidity: SensorStats }),
  alarmSpells: z.array(AlarmSpell),
  /** The period as the server answered it: `to` clamped to now, `from` as asked. */
  from: z.number(),
  to: z.number(),
});

/** Path of the unit's history calls: a user device Id. */
export const HistoryDeviceParams = z.object({ deviceId: IdParam });

/** Query of GET /api/reportsummary/devices/{deviceId} (device-management §7). */
export const ReportSummaryQuery = z.object({ userId: IdParam.optional(), ...Period });

/** Query of GET /api/reportsummary/getspuckreport/ (device-management §7). */
export const SpuckReportQuery = z.object({
  userId: IdParam.optional(),
  deviceId: IdParam,
  peripheralId: PuckSerial,
  ...Period,
});

/** One row of a report table: values in the caller's unit, time in the device's zone. */
export const ReportTableRow = z.object({
  ReportTimestamp: z.string(),
  /** "2026-11-23 14:05" in the device's time zone. */
  LocalTime: z.string(),
  Temperature: z.number().nullable(),
  Humidity: z.number().nullable(),
  Power: z.enum(['ON', 'OFF']).nullable(),
  Water: z.number().nullable(),
  Motion: z.number().nullable(),
  BatteryLevel: z.number().nullable(),
  InAlarm: z.boolean(),
});

/** 500 rows, newest first, and the cursor of the next 500 (null at the end). */
export const ReportTable = z.object({
  rows: z.array(ReportTableRow),
  nextCursor: z.string().nullable(),
});

const TableQuery = {
  ...Period,
  alarmBool: QueryFlag.default(false),
  /** From the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
};

/** Query of GET /api/reporttable/devices/{deviceId} (device-management §7). */
export const ReportTableQuery = z.object(TableQuery);

/** Query of GET /api/reporttable/queryspucktable/ (device-management §7). */
export const SpuckTableQuery = z.object({ ...TableQuery, peripheralId: PuckSerial });

/** Where a generated file may be fetched: a short-lived link. */
export const GeneratedFile = z.object({
  FileName: z.string(),
  Url: z.string(),
  ExpiresAt: z.string(),
  RowCount: z.number().int(),
});

const FileQuery = {
  ...Period,
  /** Seconds east of GMT for the file's local times; the device's time zone when absent. */
  offset: z.coerce.number().int().min(-43_200).max(50_400).optional(),
  alarmClicked: QueryFlag.default(false),
};

/** Query (or body) of POST /api/reportlog/devices/{deviceId}/generatefile (device-management §7). */
export const GenerateFileQuery = z.object({ ...FileQuery, nistDevice: QueryFlag.default(false) });

/** Query (or body) of POST /api/reportlog/generatespuckfile (device-management §7). */
export const GenerateSpuckFileQuery = z.object({
  ...FileQuery,
  serial: z.string().trim().min(1).max(40),
  peripheralId: PuckSerial,
});

/** GET /api/nistcertificate/devices/{deviceId}: the unit's calibration certificate. */
export const NistCertificate = z.object({
  /** The certificate number; the stored file is this name with '.pdf'. */
  CertificateName: z.string(),
  CalibrationDate: z.string(),
  DueDate: z.string(),
  Url: z.string(),
  ExpiresAt: z.string(),
});

/** PUT /api/reportschedule/devices/{deviceId}: the weekly report e-mail, opted in per device. */
export const ReportSchedule = z.object({ WeeklyReport: z.boolean() });
