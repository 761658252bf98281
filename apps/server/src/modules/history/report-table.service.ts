import type { z } from 'zod';
import type {
  ReportTable,
  ReportTableQuery,
  ReportTableRow,
  SpuckTableQuery,
} from '@monitor/contract/history';
import { isHumidityShown } from '@monitor/domain/devices/device-types';
import { isLogicLevel, puckSensors, type PuckSensor } from '@monitor/domain/devices/pucks';
import { TABLE_PAGE_SIZE } from '@monitor/domain/history/history-periods';
import {
  fahrenheit,
  fahrenheitToCelsius,
  roundTo,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { AppContext } from '../../context';
import type { AlarmEventType } from '../../platform/database/schema';
import { badRequest } from '../../platform/errors';
import type { UserDeviceAccess } from '../devices/device-access.service';
import {
  findVisibleWindow,
  type ReadingWindow,
  type SeenPuckRow,
} from '../devices/visible-history.repository';
import {
  requireHistoryDevice,
  requirePuckBySerial,
  resolvePeriod,
  type PeriodQuery,
} from './history-access.service';
import { findReportRows, type ReadingSource, type ReportRow } from './report-table.repository';

type TableRow = z.infer<typeof ReportTableRow>;

/**
 * A row is in alarm while a spell of a reading's sensor is open: a NOCALL spell has no readings
 * of its own (its opening report is the last before the silence), so it marks none.
 */
const DEVICE_ROW_ALARMS: readonly AlarmEventType[] = [
  'TEMP',
  'HUMIDITY',
  'POWER',
  'WATER',
  'MOTION',
];
const PUCK_ROW_ALARMS: readonly AlarmEventType[] = ['SPUCK_TEMP', 'SPUCK_HUMIDITY', 'WATER'];

/** Which columns a source shows: NIST 9 and 10 hide humidity, a puck shows its LogicLevel's sensors. */
export type ShownColumns = Readonly<Record<PuckSensor, boolean>>;

/** What a table or a file reads: the source, the visible window (null: nothing visible) and columns. */
export type RowSelection = {
  source: ReadingSource;
  window: ReadingWindow | null;
  shown: ShownColumns;
};

/** A unit's rows as the caller may see them. */
export function deviceSelection(access: UserDeviceAccess, period: ReadingWindow): RowSelection {
  const showsHumidity = isHumidityShown(access.row.device_type);
  return {
    source: {
      kind: 'device',
      deviceId: access.row.device_id,
      ownerRowId: access.ownerRowId,
      alarmTypes: DEVICE_ROW_ALARMS.filter((type) => showsHumidity || type !== 'HUMIDITY'),
    },
    window: findVisibleWindow(period, access.row.visible_from),
    shown: { temperature: true, humidity: showsHumidity, water: true },
  };
}

/** A puck's rows as the caller may see them: from its attachment to the unit on. */
export function puckSelection(
  access: UserDeviceAccess,
  puck: SeenPuckRow,
  period: ReadingWindow,
): RowSelection {
  const sensors = puckSensors(isLogicLevel(puck.logic_level) ? puck.logic_level : null).sensors;
  return {
    source: {
      kind: 'puck',
      peripheralId: puck.id,
      ownerRowId: access.ownerRowId,
      alarmTypes: PUCK_ROW_ALARMS,
    },
    window: findVisibleWindow(period, puck.visible_from),
    shown: {
      temperature: sensors.includes('temperature'),
      humidity: sensors.includes('humidity'),
      water: sensors.includes('water'),
    },
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DD HH:mm" of a moment at a GMT offset in hours (or seconds, for a file's `offset`). */
export function formatLocalTime(at: Date, offsetSeconds: number): string {
  const local = new Date(at.getTime() + offsetSeconds * 1000);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  );
}

/** A reading as a table shows it: in the caller's unit, at the given offset (seconds east of GMT). */
export function toTableRow(
  row: ReportRow,
  {
    tempPref,
    offsetSeconds,
    shown,
  }: { tempPref: TempPref; offsetSeconds: number; shown: ShownColumns },
): TableRow {
  const temperature =
    shown.temperature && row.temperature !== null
      ? roundTo(
          tempPref === 'C' ? fahrenheitToCelsius(fahrenheit(row.temperature)) : row.temperature,
          1,
        )
      : null;
  return {
    ReportTimestamp: row.report_timestamp.toISOString(),
    LocalTime: formatLocalTime(row.report_timestamp, offsetSeconds),
    Temperature: temperature,
    Humidity: shown.humidity && row.humidity !== null ? roundTo(row.humidity, 1) : null,
    Power: row.power === null ? null : row.power > 0 ? 'ON' : 'OFF',
    Water: shown.water ? row.water : null,
    Motion: row.motion,
    BatteryLevel: row.battery_level,
    InAlarm: row.in_alarm,
  };
}

const CURSOR_PREFIX = 't:';

/** The opaque cursor of the page after `row`. */
function encodeCursor(row: ReportRow): string {
  return Buffer.from(`${CURSOR_PREFIX}${row.position}`).toString('base64url');
}

/** The position a cursor names; 400 naming `cursor` when it is not one this server gave. */
function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^t:(\d{1,17})$/.exec(text);
  if (!match?.[1] || Buffer.from(text).toString('base64url') !== cursor) {
    throw badRequest('cursor: This page link is not valid; load the table again.');
  }
  return match[1];
}

type TableQuery = PeriodQuery & {
  tempPref: TempPref;
  alarmBool: boolean;
  cursor?: string;
};

/** One page of 500 rows, newest first, and the cursor of the next (null at the end). */
async function readTablePage(
  ctx: AppContext,
  selection: RowSelection,
  query: TableQuery,
): Promise<z.infer<typeof ReportTable>> {
  const after = decodeCursor(query.cursor);
  if (!selection.window) return { rows: [], nextCursor: null };
  const rows = await findReportRows(ctx.db, {
    source: selection.source,
    window: selection.window,
    after,
    isAlarmOnly: query.alarmBool,
    limit: TABLE_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, TABLE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) =>
      toTableRow(row, {
        tempPref: query.tempPref,
        offsetSeconds: query.timeZone * 3600,
        shown: selection.shown,
      }),
    ),
    nextCursor: rows.length > TABLE_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/**
 * GET /api/reporttable/devices/{deviceId} (device-management §4, §7, §9): the unit's readings
 * 500 at a time, newest first, `alarmBool` keeping only rows in alarm. No span limit: a page is
 * 500 rows whatever the period, read by keyset, so a year costs what a day does.
 */
export async function getReportTable(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    query,
  }: { callerId: number; userDeviceId: number; query: z.infer<typeof ReportTableQuery> },
) {
  const access = await requireHistoryDevice(ctx, { callerId, userDeviceId });
  const period = resolvePeriod(ctx, { query, access });
  return readTablePage(ctx, deviceSelection(access, period), query);
}

/** GET /api/reporttable/queryspucktable/ (device-management §7): a puck's table, found by its serial. */
export async function getSpuckTable(
  ctx: AppContext,
  { callerId, query }: { callerId: number; query: z.infer<typeof SpuckTableQuery> },
) {
  const { access, puck } = await requirePuckBySerial(ctx, {
    callerId,
    serial: query.peripheralId,
  });
  const period = resolvePeriod(ctx, { query, access });
  return readTablePage(ctx, puckSelection(access, puck, period), query);
}
