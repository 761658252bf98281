import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AlarmEventType, DB, MessageType, SensorType } from '../../platform/database/schema';
import { PREPARED_ON_POSTGRES } from '../../platform/database/prepared-statements';
import { isVisibleTo } from '../devices/visible-history.repository';

/**
 * The SQL of alarm evaluation and the NOCALL watchdog (telemetry/alarm-engine.ts,
 * telemetry/nocall-watchdog.ts, decision 011).
 */

export type AlarmEventRow = Selectable<DB['alarm_events']>;

export type AlarmPointFacts = {
  id: number;
  peripheral_id: number | null;
  sensor_type: SensorType;
  range_min: number | null;
  range_max: number | null;
  is_enabled: boolean;
  last_range_change: Date | null;
  puck_serial: string | null;
  puck_name: string | null;
  puck_location: string | null;
};

export type NotificationFacts = {
  id: number;
  peripheral_id: number | null;
  alarm_type: string;
  message_type: MessageType;
  message_address: string;
  message: string | null;
};

export type OpenEventFacts = {
  peripheral_id: number | null;
  alarm_type: AlarmEventType;
  opening_report_at: Date | null;
};

/** An owner's user device with everything evaluation needs, loaded once per batch. */
export type AlarmOwnerFacts = {
  id: number;
  name: string | null;
  location: string | null;
  time_zone: number;
  mute: boolean;
  temperature_active: boolean;
  humidity_active: boolean;
  temp_pref: 'F' | 'C';
  alarms_evaluated_through: Date | null;
  /** Where the owner's visible history starts: earlier readings are not this owner's (decision 017). */
  visible_from: Date;
  points: AlarmPointFacts[];
  notifications: NotificationFacts[];
  openEvents: OpenEventFacts[];
};

/** JSON aggregation hands timestamps back as text. */
function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * The unit's active owner rows (a unit has one; sub-account rows are views and get no deliveries
 * of their own) with their alarm points, enabled notifications and open events, in one query.
 */
export async function findAlarmOwners(
  db: Kysely<DB>,
  deviceId: number,
): Promise<AlarmOwnerFacts[]> {
  const rows = await db
    .selectFrom('user_devices as ud')
    .innerJoin('users as u', 'u.id', 'ud.user_id')
    .innerJoin('devices as d', 'd.id', 'ud.device_id')
    .select([
      'ud.id',
      'ud.name',
      'ud.location',
      'ud.time_zone',
      'ud.mute',
      'ud.temperature_active',
      'ud.humidity_active',
      'ud.visible_from',
      'u.temp_pref',
      'd.alarms_evaluated_through',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('alarm_points as ap')
          .leftJoin('peripherals as p', 'p.id', 'ap.peripheral_id')
          .select([
            'ap.id',
            'ap.peripheral_id',
            'ap.sensor_type',
            'ap.range_min',
            'ap.range_max',
            'ap.is_enabled',
            'ap.last_range_change',
            'p.serial as puck_serial',
            'p.name as puck_name',
            'p.location as puck_location',
          ])
          .whereRef('ap.user_device_id', '=', 'ud.id')
          .orderBy('ap.id'),
      ).as('points'),
      jsonArrayFrom(
        eb
          .selectFrom('notifications as n')
          .select([
            'n.id',
            'n.peripheral_id',
            'n.alarm_type',
            'n.message_type',
            'n.message_address',
            'n.message',
          ])
          .whereRef('n.user_device_id', '=', 'ud.id')
          .where('n.disable_alarm', '=', false)
          .orderBy('n.id'),
      ).as('notifications'),
      jsonArrayFrom(
        eb
          .selectFrom('alarm_events as e')
          .select(['e.peripheral_id', 'e.alarm_type', 'e.opening_report_at'])
          .whereRef('e.user_device_id', '=', 'ud.id')
          .where('e.closed_at', 'is', null),
      ).as('openEvents'),
    ])
    .where('ud.device_id', '=', deviceId)
    .where('ud.parent_user_device_id', 'is', null)
    .where('ud.is_active', '=', true)
    .modifyEnd(sql.raw(PREPARED_ON_POSTGRES))
    .execute();
  return rows.map((row) => ({
    ...row,
    points: row.points.map((point) => ({
      ...point,
      last_range_change: toDate(point.last_range_change),
    })),
    openEvents: row.openEvents.map((event) => ({
      ...event,
      opening_report_at: toDate(event.opening_report_at),
    })),
  }));
}

export type NewAlarmEvent = {
  userDeviceId: number;
  peripheralId: number | null;
  alarmType: AlarmEventType;
  openedAt: Date;
  value: number | null;
  reportAt: Date | null;
  isNotified: boolean;
};

/**
 * Opens an event unless one is already open for the sensor (the partial unique index): answers
 * the new id, or undefined when another process or batch opened it first.
 */
export async function openAlarmEvent(
  db: Kysely<DB>,
  event: NewAlarmEvent,
): Promise<number | undefined> {
  const row = await db
    .insertInto('alarm_events')
    .values({
      user_device_id: event.userDeviceId,
      peripheral_id: event.peripheralId,
      alarm_type: event.alarmType,
      opened_at: event.openedAt,
      opening_value: event.value,
      opening_report_at: event.reportAt,
      is_notified: event.isNotified,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Closes the sensor's open event; answers it, or undefined when none was open (closed already). */
export function closeAlarmEvent(
  db: Kysely<DB>,
  key: { userDeviceId: number; peripheralId: number | null; alarmType: AlarmEventType },
  closing: { closedAt: Date; value: number | null; reportAt: Date | null },
): Promise<{ id: number; is_notified: boolean } | undefined> {
  return db
    .updateTable('alarm_events')
    .set({
      closed_at: closing.closedAt,
      closing_value: closing.value,
      closing_report_at: closing.reportAt,
    })
    .where('user_device_id', '=', key.userDeviceId)
    .where(sql<boolean>`peripheral_id IS NOT DISTINCT FROM ${key.peripheralId}::integer`)
    .where('alarm_type', '=', key.alarmType)
    .where('closed_at', 'is', null)
    .returning(['id', 'is_notified'])
    .executeTakeFirst();
}

export type AlarmPointReading = {
  id: number;
  lastReadValue: number | null;
  /** The report time of `lastReadValue`: it is shown only to rows that see that report (decision 017). */
  lastReadAt: Date | null;
  lastTriggeredAlarm: Date | null;
};

/**
 * After a batch, in one statement: each alarm point's last read value and its report time (and
 * last triggered alarm when one opened) and how far the unit's readings were evaluated (never
 * moved back).
 */
export async function recordEvaluation(
  db: Kysely<DB>,
  {
    deviceId,
    evaluatedThrough,
    points,
  }: { deviceId: number; evaluatedThrough: Date; points: readonly AlarmPointReading[] },
): Promise<void> {
  await sql`${sql.raw(PREPARED_ON_POSTGRES)}
    WITH points AS (
      UPDATE alarm_points AS ap SET
        last_read_value = COALESCE(v.last_read_value, ap.last_read_value),
        last_read_at = COALESCE(v.last_read_at, ap.last_read_at),
        last_triggered_alarm = COALESCE(v.last_triggered_alarm, ap.last_triggered_alarm)
      FROM unnest(
        ${points.map((p) => p.id)}::integer[],
        ${points.map((p) => p.lastReadValue)}::real[],
        ${points.map((p) => p.lastReadAt)}::timestamptz[],
        ${points.map((p) => p.lastTriggeredAlarm)}::timestamptz[]
      ) AS v(id, last_read_value, last_read_at, last_triggered_alarm)
      WHERE ap.id = v.id
    )
    UPDATE devices SET
      alarms_evaluated_through = GREATEST(alarms_evaluated_through, ${evaluatedThrough}::timestamptz)
    WHERE id = ${deviceId}`.execute(db);
}

export type NoCallCandidate = {
  device_id: number;
  serial_number: string;
  device_type: number;
  last_report_at: Date;
  user_device_id: number;
  name: string | null;
  location: string | null;
  time_zone: number;
  pet_monitor: boolean;
  last_requested_time: string | null;
  temp_pref: 'F' | 'C';
  temperature: number | null;
  humidity: number | null;
  notifications: NotificationFacts[];
};

/**
 * Units silent since `silentBefore` or earlier whose active owner row is not muted and has no open
 * NOCALL event, with the last report's readings and the owner's enabled NOCALL notifications; only
 * a last report in the owner's visible history counts (decision 017).
 * The caller applies each unit's own interval; `silentBefore` is the shortest.
 */
export function findNoCallCandidates(
  db: Kysely<DB>,
  silentBefore: Date,
): Promise<NoCallCandidate[]> {
  return (
    db
      .selectFrom('devices as d')
      .innerJoin('user_devices as ud', 'ud.device_id', 'd.id')
      .innerJoin('users as u', 'u.id', 'ud.user_id')
      .leftJoin('device_reports as r', (join) =>
        join.onRef('r.device_id', '=', 'd.id').onRef('r.report_timestamp', '=', 'd.last_report_at'),
      )
      .select([
        'd.id as device_id',
        'd.serial_number',
        'd.device_type',
        'd.last_report_at',
        'ud.id as user_device_id',
        'ud.name',
        'ud.location',
        'ud.time_zone',
        'ud.pet_monitor',
        'ud.last_requested_time',
        'u.temp_pref',
        'r.temperature',
        'r.humidity',
      ])
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('notifications as n')
            .select([
              'n.id',
              'n.peripheral_id',
              'n.alarm_type',
              'n.message_type',
              'n.message_address',
              'n.message',
            ])
            .whereRef('n.user_device_id', '=', 'ud.id')
            .where('n.alarm_type', '=', 'NOCALL')
            .where('n.disable_alarm', '=', false)
            .orderBy('n.id'),
        ).as('notifications'),
      )
      .where('d.last_report_at', '<=', silentBefore)
      // A unit silent since before the owner's visible history began has not reported to this owner.
      .where(isVisibleTo('d.last_report_at', 'ud'))
      .where('ud.parent_user_device_id', 'is', null)
      .where('ud.is_active', '=', true)
      .where('ud.mute', '=', false)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alarm_events as e')
              .select('e.id')
              .whereRef('e.user_device_id', '=', 'ud.id')
              .where('e.alarm_type', '=', 'NOCALL')
              .where('e.closed_at', 'is', null),
          ),
        ),
      )
      .orderBy('d.id')
      .$narrowType<{ last_report_at: Date }>()
      .execute()
  );
}
