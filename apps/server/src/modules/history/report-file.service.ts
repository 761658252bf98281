import { addAbortSignal, pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { z } from 'zod';
import type {
  GeneratedFile,
  GenerateFileQuery,
  GenerateSpuckFileQuery,
} from '@monitor/contract/history';
import type { TempPref } from '@monitor/domain/shared/temperature';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { requireHistoryDevice, requirePuckBySerial, resolvePeriod } from './history-access.service';
import { findReportRows } from './report-table.repository';
import {
  deviceSelection,
  formatLocalTime,
  puckSelection,
  toTableRow,
  type RowSelection,
} from './report-table.service';

/**
 * CSV files of a unit's or a puck's readings (device-management §7 generatefile,
 * generatespuckfile; decision 030): rows read a page at a time, oldest first, through
 * csv-stringify into file storage, so a year of 5-minute readings is never in memory at once;
 * the answer is a short-lived link. A file is heavy work: the routes run it in one of the
 * caller's slots, and it stops once its `signal` is aborted (decision 055).
 */

/** Rows read per page while writing a file. */
export const FILE_PAGE_SIZE = 5000;
/** How long the link to a generated file lives. */
export const FILE_LINK_SECONDS = 300;

const CSV_CONTENT_TYPE = 'text/csv';

type FileColumns = {
  humidity: boolean;
  power: boolean;
  /** A puck's water and battery level. */
  puck: boolean;
};

function headerOf(columns: FileColumns, tempPref: TempPref): string[] {
  return [
    'Local Time',
    'UTC Time',
    `Temperature (°${tempPref})`,
    ...(columns.humidity ? ['Humidity (%)'] : []),
    ...(columns.power ? ['Power'] : []),
    ...(columns.puck ? ['Water', 'Battery (%)'] : []),
    'In Alarm',
  ];
}

/** The selection's rows, oldest first, a page at a time, as CSV records. */
async function* fileRecords(
  ctx: AppContext,
  {
    selection,
    columns,
    tempPref,
    offsetSeconds,
    isAlarmOnly,
    counter,
  }: {
    selection: RowSelection;
    columns: FileColumns;
    tempPref: TempPref;
    offsetSeconds: number;
    isAlarmOnly: boolean;
    counter: { rows: number };
  },
): AsyncGenerator<(string | number)[]> {
  const { window } = selection;
  if (!window) return;
  let after: string | undefined;
  for (;;) {
    const page = await findReportRows(ctx.db, {
      source: selection.source,
      window,
      after,
      order: 'oldest',
      isAlarmOnly,
      limit: FILE_PAGE_SIZE,
    });
    for (const row of page) {
      const shown = toTableRow(row, { tempPref, offsetSeconds, shown: selection.shown });
      counter.rows += 1;
      yield [
        shown.LocalTime,
        shown.ReportTimestamp,
        shown.Temperature ?? '',
        ...(columns.humidity ? [shown.Humidity ?? ''] : []),
        ...(columns.power ? [shown.Power ?? ''] : []),
        ...(columns.puck ? [shown.Water ?? '', shown.BatteryLevel ?? ''] : []),
        shown.InAlarm ? 'YES' : 'NO',
      ];
    }
    const last = page.at(-1);
    if (page.length < FILE_PAGE_SIZE || !last) return;
    after = last.position;
  }
}

/**
 * Writes the selection's readings as a CSV under `key` and answers its link. The rows stream from
 * the database page by page through csv-stringify into storage; a failure on the way fails the
 * write, so no half file is linked. An aborted `signal` is such a failure, at once.
 */
export async function writeReadingsCsv(
  ctx: AppContext,
  {
    key,
    downloadName,
    signal,
    ...options
  }: {
    key: string;
    downloadName: string;
    selection: RowSelection;
    columns: FileColumns;
    tempPref: TempPref;
    offsetSeconds: number;
    isAlarmOnly: boolean;
    signal?: AbortSignal;
  },
): Promise<z.infer<typeof GeneratedFile>> {
  const counter = { rows: 0 };
  const csv = stringify({ header: true, columns: headerOf(options.columns, options.tempPref) });
  const body = pipeline(Readable.from(fileRecords(ctx, { ...options, counter })), csv, () => {
    // Errors reach `put` through the destroyed stream.
  });
  // Nobody waits for the file any more: destroying the stream stops the reading and fails the write.
  if (signal) addAbortSignal(signal, body);
  const info = { contentType: CSV_CONTENT_TYPE, downloadName };
  await ctx.files.put(key, body, info);
  const link = await ctx.files.signedLink(key, info, FILE_LINK_SECONDS);
  return {
    FileName: downloadName,
    Url: link.url,
    ExpiresAt: link.expiresAt.toISOString(),
    RowCount: counter.rows,
  };
}

/** "2026-11-21": a file name's day, in the file's local time. */
function fileDay(at: Date, offsetSeconds: number): string {
  return formatLocalTime(at, offsetSeconds).slice(0, 10);
}

/**
 * The part of a file's name after its owner: the period's first and last local day and which
 * export it is, "2026-11-01-to-2026-11-27-alarms" (issue #24).
 */
function periodPart(
  period: { from: Date; to: Date },
  offsetSeconds: number,
  isAlarmOnly: boolean,
): string {
  const last = new Date(period.to.getTime() - 1);
  return `${fileDay(period.from, offsetSeconds)}-to-${fileDay(last, offsetSeconds)}-${isAlarmOnly ? 'alarms' : 'readings'}`;
}

/** A name as a file may carry it: no path separators, quotes or control characters. */
function fileNamePart(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return name.replace(/[\x00-\x1f/\\:*?"<>|]+/g, '-').trim();
}

/**
 * POST /api/reportlog/devices/{deviceId}/generatefile (device-management §7): the unit's readings
 * as a CSV stored by its user device Id (`exports/{userDeviceId}/{userDeviceId}-{days}.csv`) and
 * downloaded under the device's name (`Cabin-2026-11-01-to-2026-11-27-alarms.csv`, issue #24): local
 * time at `offset` (the device's time zone when absent), temperature in °F or °C, humidity
 * (none for NIST 9 and 10 or with `nistDevice`), power ON/OFF and the alarm flag; `alarmClicked`
 * keeps the rows in alarm.
 */
export async function generateDeviceFile(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    query,
    signal,
  }: {
    callerId: number;
    userDeviceId: number;
    query: z.infer<typeof GenerateFileQuery>;
    signal?: AbortSignal;
  },
) {
  const access = await requireHistoryDevice(ctx, { callerId, userDeviceId });
  const period = resolvePeriod(ctx, { query, access });
  const offsetSeconds = query.offset ?? access.row.time_zone * 3600;
  const selection = deviceSelection(access, period);
  const days = periodPart(period, offsetSeconds, query.alarmClicked);
  const deviceName = fileNamePart(access.row.name ?? '') || access.row.serial_number;
  return writeReadingsCsv(ctx, {
    key: `exports/${access.row.id}/${access.row.id}-${days}.csv`,
    downloadName: `${deviceName}-${days}.csv`,
    selection,
    columns: {
      humidity: selection.shown.humidity && !query.nistDevice,
      power: true,
      puck: false,
    },
    tempPref: query.tempPref,
    offsetSeconds,
    isAlarmOnly: query.alarmClicked,
    signal,
  });
}

/**
 * POST /api/reportlog/generatespuckfile (device-management §7): a puck's readings as a CSV named
 * by the unit's serial and the puck's (`{serial}-{puck}-{days}.csv`), with water and battery.
 * `serial` is the unit's serial number (UserDevice.SerialNumber); the puck must be on it.
 */
export async function generateSpuckFile(
  ctx: AppContext,
  {
    callerId,
    query,
    signal,
  }: { callerId: number; query: z.infer<typeof GenerateSpuckFileQuery>; signal?: AbortSignal },
) {
  // The unit's serial as typed or shown: "ABC-123" or "abc123".
  const serial = query.serial.replace(/[\s-]/g, '').toUpperCase();
  const { access, puck } = await requirePuckBySerial(ctx, {
    callerId,
    serial: query.peripheralId,
  });
  if (access.row.serial_number.toUpperCase() !== serial) {
    throw badRequest('serial: This SPuck is not on the device with this serial number.');
  }
  const period = resolvePeriod(ctx, { query, access });
  const offsetSeconds = query.offset ?? access.row.time_zone * 3600;
  const selection = puckSelection(access, puck, period);
  const name = `${serial}-${puck.serial}-${periodPart(period, offsetSeconds, query.alarmClicked)}.csv`;
  return writeReadingsCsv(ctx, {
    key: `exports/${access.row.id}/${name}`,
    downloadName: name,
    selection,
    columns: { humidity: selection.shown.humidity, power: false, puck: true },
    tempPref: query.tempPref,
    offsetSeconds,
    isAlarmOnly: query.alarmClicked,
    signal,
  });
}
