import { sql, type Kysely, type Transaction } from 'kysely';
import { isVisibleTo } from '../devices/visible-history.repository';
import type { AlarmEventType, DB } from '../../platform/database/schema';

/** Turns the weekly report on or off on an owner's user device row. */
export async function setWeeklyReport(
  db: Kysely<DB>,
  userDeviceId: number,
  weeklyReport: boolean,
): Promise<void> {
  await db
    .updateTable('user_devices')
    .set({ weekly_report: weeklyReport })
    .where('id', '=', userDeviceId)
    .execute();
}

export type WeeklyReportCandidate = {
  user_device_id: number;
  user_id: number;
  time_zone: number;
};

/**
 * The owners' active rows that asked for the weekly report in the given time zones and have no
 * report yet for the week starting `weekStart` of their zone.
 */
export function findWeeklyReportCandidates(
  db: Kysely<DB>,
  weeks: readonly { timeZone: number; weekStart: string }[],
): Promise<WeeklyReportCandidate[]> {
  if (weeks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_devices')
    .select(['user_devices.id as user_device_id', 'user_devices.user_id', 'user_devices.time_zone'])
    .where('user_devices.weekly_report', '=', true)
    .where('user_devices.is_active', '=', true)
    .where('user_devices.parent_user_device_id', 'is', null)
    .where((eb) =>
      eb.or(
        weeks.map(({ timeZone, weekStart }) =>
          eb.and([
            eb('user_devices.time_zone', '=', timeZone),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('weekly_reports')
                  .select('weekly_reports.user_device_id')
                  .whereRef('weekly_reports.user_device_id', '=', 'user_devices.id')
                  .where('weekly_reports.week_start', '=', weekStart),
              ),
            ),
          ]),
        ),
      ),
    )
    .orderBy('user_devices.id')
    .execute();
}

/**
 * Claims the report of one device for one week: true for the one caller that inserted the row,
 * false when it was already made (another process, a retried job).
 */
export async function claimWeeklyReport(
  trx: Transaction<DB>,
  userDeviceId: number,
  weekStart: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('weekly_reports')
    .values({ user_device_id: userDeviceId, week_start: weekStart })
    .onConflict((oc) => oc.columns(['user_device_id', 'week_start']).doNothing())
    .returning('user_device_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Records which delivery carried a claimed report. */
export async function recordWeeklyReportDelivery(
  trx: Transaction<DB>,
  {
    userDeviceId,
    weekStart,
    deliveryId,
  }: { userDeviceId: number; weekStart: string; deliveryId: number },
): Promise<void> {
  await trx
    .updateTable('weekly_reports')
    .set({ delivery_id: deliveryId })
    .where('user_device_id', '=', userDeviceId)
    .where('week_start', '=', weekStart)
    .execute();
}

/** One local day of a unit's readings: extremes, and sums and counts for a weighted average. */
export type DailyReadingStats = {
  /** 'YYYY-MM-DD' in the device's time zone. */
  day: string;
  temperature_min: number | null;
  temperature_max: number | null;
  temperature_sum: number | null;
  temperature_count: number;
  humidity_min: number | null;
  humidity_max: number | null;
  humidity_sum: number | null;
  humidity_count: number;
  /** Readings with the power off. */
  power_off_count: number;
  reading_count: number;
};

/**
 * The readings of a unit from `from` to `to` that a user device row sees (from its
 * `visible_from`, decision 017), summed up per local day in one pass over the key's range.
 */
export async function findDailyReadingStats(
  db: Kysely<DB>,
  {
    userDeviceId,
    from,
    to,
    gmtOffsetHours,
  }: { userDeviceId: number; from: Date; to: Date; gmtOffsetHours: number },
): Promise<DailyReadingStats[]> {
  // The offset is written into the statement (a whole number of hours): as a parameter it would
  // make the select's expression and the group by's two different ones to PostgreSQL.
  const hours = sql.lit(Math.trunc(gmtOffsetHours));
  const day = sql<string>`to_char(device_reports.report_timestamp at time zone 'UTC' + make_interval(hours => ${hours}), 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('user_devices')
    .innerJoin('device_reports', 'device_reports.device_id', 'user_devices.device_id')
    .where('user_devices.id', '=', userDeviceId)
    .where(isVisibleTo('device_reports.report_timestamp', 'user_devices'))
    .where('device_reports.report_timestamp', '>=', from)
    .where('device_reports.report_timestamp', '<', to)
    .select((eb) => [
      day.as('day'),
      eb.fn.min('device_reports.temperature').as('temperature_min'),
      eb.fn.max('device_reports.temperature').as('temperature_max'),
      sql<number | null>`sum(device_reports.temperature)::float8`.as('temperature_sum'),
      sql<number>`count(device_reports.temperature)::int`.as('temperature_count'),
      eb.fn.min('device_reports.humidity').as('humidity_min'),
      eb.fn.max('device_reports.humidity').as('humidity_max'),
      sql<number | null>`sum(device_reports.humidity)::float8`.as('humidity_sum'),
      sql<number>`count(device_reports.humidity)::int`.as('humidity_count'),
      sql<number>`count(*) filter (where device_reports.power = 0)::int`.as('power_off_count'),
      sql<number>`count(*)::int`.as('reading_count'),
    ])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows;
}

export type WeekAlarmEvent = {
  alarm_type: AlarmEventType;
  opened_at: Date;
  closed_at: Date | null;
  opening_value: number | null;
  peripheral_name: string | null;
};

/**
 * The alarm events of an owner's row whose opening reading was taken from `from` to `to`, oldest
 * first, with the times of the readings that opened and closed them: a spell found in a
 * back-filled upload is opened when the upload arrives, long after its reading (decision 011).
 */
export function findAlarmEventsOpenedBetween(
  db: Kysely<DB>,
  { ownerRowId, from, to }: { ownerRowId: number; from: Date; to: Date },
): Promise<WeekAlarmEvent[]> {
  const openedAt = sql<Date>`coalesce(alarm_events.opening_report_at, alarm_events.opened_at)`;
  const closedAt = sql<Date | null>`coalesce(alarm_events.closing_report_at, alarm_events.closed_at)`;
  return db
    .selectFrom('alarm_events')
    .leftJoin('peripherals', 'peripherals.id', 'alarm_events.peripheral_id')
    .select([
      'alarm_events.alarm_type',
      openedAt.as('opened_at'),
      closedAt.as('closed_at'),
      'alarm_events.opening_value',
      'peripherals.name as peripheral_name',
    ])
    .where('alarm_events.user_device_id', '=', ownerRowId)
    .where(openedAt, '>=', from)
    .where(openedAt, '<', to)
    .orderBy(openedAt)
    .execute();
}

/** What a weekly report is about and for: the owner's row, its unit and its owner. */
export type WeeklyReportSubject = {
  user_device_id: number;
  device_id: number;
  device_type: number;
  name: string | null;
  serial_number: string;
  time_zone: number;
  weekly_report: boolean;
  is_active: boolean;
  parent_user_device_id: number | null;
  visible_from: Date;
  user_id: number;
  email_address: string;
  temp_pref: 'F' | 'C';
  tenant_id: number;
};

export function findWeeklyReportSubject(
  db: Kysely<DB>,
  userDeviceId: number,
): Promise<WeeklyReportSubject | undefined> {
  return db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .innerJoin('users', 'users.id', 'user_devices.user_id')
    .select([
      'user_devices.id as user_device_id',
      'user_devices.device_id',
      'devices.device_type',
      'user_devices.name',
      'devices.serial_number',
      'user_devices.time_zone',
      'user_devices.weekly_report',
      'user_devices.is_active',
      'user_devices.parent_user_device_id',
      'user_devices.visible_from',
      'users.id as user_id',
      'users.email_address',
      'users.temp_pref',
      'users.tenant_id',
    ])
    .where('user_devices.id', '=', userDeviceId)
    .executeTakeFirst();
}
