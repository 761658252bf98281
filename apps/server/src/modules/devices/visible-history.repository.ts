import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { TempPref } from '@monitor/domain/shared/temperature';
import type { DB, SensorType } from '../../platform/database/schema';
import {
  findNewestOfEachInParts,
  findNewestPageInParts,
  isInReadingsPart,
  type ReadingsPage,
  type ReadingsPart,
} from '../telemetry/newest-readings';

/**
 * What an account sees of a unit's history (device-management §5, §6; decision 017): through its
 * user device row, readings from the row's `visible_from` on (the owner's registration, a
 * sub-account's being given the unit), and of a puck also only from its attachment to the unit on.
 * Every read of readings, report times, a puck's last call-in or an alarm point's last read value
 * and last triggered alarm for a user goes through this file, so the rule is written once; the
 * older readings stay in the database, an earlier owner's.
 */

export type DeviceReportRow = Selectable<DB['device_reports']>;
export type PeripheralRow = Selectable<DB['peripherals']>;

/** A puck as one user device row sees it: last call-in and battery only when they are visible. */
export type SeenPuckRow = PeripheralRow & {
  user_device_id: number;
  /** The first reading of this puck the row may see. */
  visible_from: Date;
};

/**
 * An alarm point as one user device row sees it: its puck's serial, and its last read value and
 * last triggered alarm only when the reading they came from is visible. What the engine keeps of
 * a breach in progress (the `pending_` columns) is its own business and is not read here.
 */
export type SeenAlarmPointRow = Pick<
  Selectable<DB['alarm_points']>,
  | 'id'
  | 'user_device_id'
  | 'peripheral_id'
  | 'sensor_type'
  | 'sensor_alias'
  | 'range_min'
  | 'range_max'
  | 'is_enabled'
  | 'last_triggered_alarm'
  | 'last_updated_at'
  | 'last_range_change'
  | 'last_read_value'
  | 'deadband'
  | 'delay_minutes'
  | 'delay_readings'
> & {
  peripheral_serial: string | null;
  /** The user device row that sees it (the owner's, or a sub-account's). */
  viewer_id: number;
  /** The unit of the point's owner, whose default deadband the engine applies (issue #23). */
  owner_temp_pref: TempPref;
};

/**
 * Where a puck's visible history starts for the joined user device row; with no puck joined
 * (an alarm point of the unit itself) `greatest` ignores the null and it is the row's.
 */
const puckVisibleFrom = sql<Date>`greatest(user_devices.visible_from, peripherals.attached_at)`;

/** The value of `column` when `at` is visible from `from`, else null. */
function whenVisible<T>(column: string, at: string, from: RawBuilder<Date>): RawBuilder<T | null> {
  return sql<T | null>`case when ${sql.ref(at)} >= ${from} then ${sql.ref(column)} end`;
}

/** Whether a reading taken at `at` is in the visible history of `row`, a user device row's alias. */
export function isVisibleTo(at: string, row: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(at)} >= ${sql.ref(`${row}.visible_from`)}`;
}

/** `devices.last_report_at` as the joined user device row sees it (UserDevice.LastMessage). */
export const visibleLastReportAt = whenVisible<Date>(
  'devices.last_report_at',
  'devices.last_report_at',
  sql<Date>`user_devices.visible_from`,
).as('last_report_at');

/** A span of report timestamps, `from` inclusive, `to` exclusive. */
export type ReadingWindow = { from: Date; to: Date };

/**
 * The part of `window` a viewer sees (decision 017): from its `visibleFrom` on, which is a user
 * device row's `visible_from` for the unit's readings and a seen puck's `visible_from` (the later
 * of that and the puck's attachment) for a puck's; null when none of it is visible. Every history
 * read (graphs, tables, files) reads readings only inside the window this answers, so reading
 * `report_timestamp >= from` is this file's `isVisibleTo` rule applied once, before the query.
 */
export function findVisibleWindow(window: ReadingWindow, visibleFrom: Date): ReadingWindow | null {
  const from = new Date(Math.max(window.from.getTime(), visibleFrom.getTime()));
  return from.getTime() < window.to.getTime() ? { from, to: window.to } : null;
}

/**
 * The latest report each user device row sees, by user device Id; one query for a whole list
 * (two when a unit's newest visible reading is older than the month of its last report, decision
 * 077).
 */
export function findLatestVisibleReports(
  db: Kysely<DB>,
  userDeviceIds: readonly number[],
): Promise<Map<number, DeviceReportRow>> {
  return findNewestOfEachInParts(userDeviceIds, async (part, ids) => {
    const rows = await db
      .selectFrom('user_devices')
      .innerJoin('devices', 'devices.id', 'user_devices.device_id')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('device_reports')
            .selectAll('device_reports')
            .whereRef('device_reports.device_id', '=', 'user_devices.device_id')
            .whereRef('device_reports.report_timestamp', '>=', 'user_devices.visible_from')
            .where(
              isInReadingsPart(part, 'device_reports.report_timestamp', {
                column: 'devices.last_report_at',
              }),
            )
            .orderBy('device_reports.report_timestamp', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
      .selectAll('latest')
      .select('user_devices.id as user_device_id')
      .where('user_devices.id', 'in', ids)
      .execute();
    return new Map(rows.map(({ user_device_id, ...report }) => [user_device_id, report]));
  });
}

/** The pucks on the units of these user device rows, as each row sees them, by location then serial. */
export function findVisiblePucks(
  db: Kysely<DB>,
  userDeviceIds: readonly number[],
  { location, serial }: { location?: string; serial?: string } = {},
): Promise<SeenPuckRow[]> {
  if (userDeviceIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('user_devices')
    .innerJoin('peripherals', 'peripherals.device_id', 'user_devices.device_id')
    .select([
      'peripherals.id',
      'peripherals.serial',
      'peripherals.logic_level',
      'peripherals.spuck_style',
      'peripherals.device_id',
      'peripherals.name',
      'peripherals.location',
      'peripherals.spuck_alias',
      'peripherals.manufacture_date',
      'peripherals.attached_at',
      'peripherals.awaiting_payment',
      'peripherals.created_at',
      'user_devices.id as user_device_id',
      puckVisibleFrom.as('visible_from'),
      whenVisible<number>(
        'peripherals.battery_level',
        'peripherals.callin_time',
        puckVisibleFrom,
      ).as('battery_level'),
      whenVisible<Date>('peripherals.callin_time', 'peripherals.callin_time', puckVisibleFrom).as(
        'callin_time',
      ),
    ])
    .where('user_devices.id', 'in', userDeviceIds);
  if (location !== undefined) query = query.where('peripherals.location', '=', location);
  if (serial !== undefined) query = query.where('peripherals.serial', '=', serial);
  return query.orderBy('peripherals.location').orderBy('peripherals.serial').execute();
}

/**
 * A puck's readings the row sees (from the puck's `visible_from`), newest first, `limit` at a time;
 * from the month of its last call-in (as the row sees it) first (decision 077).
 */
export function findVisiblePuckReports(
  db: Kysely<DB>,
  puck: Pick<SeenPuckRow, 'id' | 'visible_from' | 'callin_time'>,
  page: ReadingsPage,
): Promise<Selectable<DB['peripheral_reports']>[]> {
  const inPart = (part: ReadingsPart) =>
    db
      .selectFrom('peripheral_reports')
      .where('peripheral_id', '=', puck.id)
      .where('report_timestamp', '>=', puck.visible_from)
      .where(isInReadingsPart(part, 'report_timestamp', puck.callin_time));
  return findNewestPageInParts(
    page,
    (part, { limit, offset }) =>
      inPart(part)
        .selectAll()
        .orderBy('report_timestamp', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    async () => {
      const { count } = await inPart('from-last-report-month')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  );
}

/** What a user is shown of an alarm point, as the joined `user_devices` row (the viewer) sees it. */
const visibleAlarmPointColumns = [
  'alarm_points.id',
  'alarm_points.user_device_id',
  'alarm_points.peripheral_id',
  'alarm_points.sensor_type',
  'alarm_points.sensor_alias',
  'alarm_points.range_min',
  'alarm_points.range_max',
  'alarm_points.is_enabled',
  'alarm_points.last_updated_at',
  'alarm_points.last_range_change',
  'alarm_points.deadband',
  'alarm_points.delay_minutes',
  'alarm_points.delay_readings',
  sql<TempPref>`(select owner_user.temp_pref from user_devices as point_owner
    join users as owner_user on owner_user.id = point_owner.user_id
    where point_owner.id = alarm_points.user_device_id)`.as('owner_temp_pref'),
  whenVisible<number>(
    'alarm_points.last_read_value',
    'alarm_points.last_read_at',
    puckVisibleFrom,
  ).as('last_read_value'),
  whenVisible<Date>(
    'alarm_points.last_triggered_alarm',
    'alarm_points.last_triggered_alarm',
    puckVisibleFrom,
  ).as('last_triggered_alarm'),
  'peripherals.serial as peripheral_serial',
  'user_devices.id as viewer_id',
] as const;

/**
 * The alarm points each user device row sees (they live on the owner's row), optionally one point,
 * one puck's (null: the unit's own) or one sensor type's, in Id order.
 */
export async function findVisibleAlarmPoints(
  db: Kysely<DB>,
  userDeviceIds: readonly number[],
  {
    id,
    peripheralId,
    sensorType,
  }: { id?: number; peripheralId?: number | null; sensorType?: SensorType } = {},
): Promise<SeenAlarmPointRow[]> {
  if (userDeviceIds.length === 0) return [];
  let query = db
    .selectFrom('user_devices')
    .innerJoin('alarm_points', (join) =>
      join.on(
        'alarm_points.user_device_id',
        '=',
        sql<number>`coalesce(user_devices.parent_user_device_id, user_devices.id)`,
      ),
    )
    .leftJoin('peripherals', 'peripherals.id', 'alarm_points.peripheral_id')
    .select(visibleAlarmPointColumns)
    .where('user_devices.id', 'in', userDeviceIds);
  if (id !== undefined) query = query.where('alarm_points.id', '=', id);
  if (peripheralId === null) query = query.where('alarm_points.peripheral_id', 'is', null);
  else if (peripheralId !== undefined)
    query = query.where('alarm_points.peripheral_id', '=', peripheralId);
  if (sensorType !== undefined) query = query.where('alarm_points.sensor_type', '=', sensorType);
  return query.orderBy('alarm_points.id').execute();
}

/**
 * One alarm point with what the access check needs, in one query: its owner's row, and the
 * caller's first row on that unit (as `findUserDeviceRowForDevice` picks it) seeing it, the
 * visible fields as that row sees them (decision 027). Undefined when the point does not exist;
 * `viewer_id` null when the caller has no row on the unit.
 */
export function findAlarmPointSeenByCaller(
  db: Kysely<DB>,
  { callerId, id }: { callerId: number; id: number },
) {
  return db
    .selectFrom('alarm_points')
    .leftJoin('user_devices as owner_row', 'owner_row.id', 'alarm_points.user_device_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('user_devices')
          .select(['id', 'parent_user_device_id', 'visible_from'])
          .where('user_devices.user_id', '=', callerId)
          .whereRef('user_devices.device_id', '=', 'owner_row.device_id')
          .orderBy('user_devices.id')
          .limit(1)
          .as('user_devices'),
      (join) => join.onTrue(),
    )
    .leftJoin('peripherals', 'peripherals.id', 'alarm_points.peripheral_id')
    .select(visibleAlarmPointColumns)
    .select([
      'owner_row.id as owner_row_id',
      'user_devices.parent_user_device_id as viewer_parent_id',
    ])
    .where('alarm_points.id', '=', id)
    .executeTakeFirst();
}
