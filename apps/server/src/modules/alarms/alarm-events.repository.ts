import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AlarmEventType, DB, MessageType, SensorType } from '../../platform/database/schema';
import { PREPARED_ON_POSTGRES } from '../../platform/database/prepared-statements';
import { isVisibleTo } from '../devices/visible-history.repository';
import type { StoredReport } from '../telemetry/reports-stored';

/**
 * The SQL of alarm evaluation and the NOCALL watchdog (telemetry/alarm-engine.ts,
 * telemetry/nocall-watchdog.ts, decision 011).
 */

export type AlarmEventRow = Selectable<DB['alarm_events']>;

/** The settings a point judges readings by (its current ones, or kept ones of `alarm_point_settings`). */
export type PointSettings = {
  range_min: number | null;
  range_max: number | null;
  is_enabled: boolean;
  deadband: number | null;
  delay_minutes: number;
  delay_readings: number;
};

export type AlarmPointFacts = PointSettings & {
  id: number;
  peripheral_id: number | null;
  sensor_type: SensorType;
  last_range_change: Date | null;
  /** A breach still within its delay (decision 059). */
  pending_since: Date | null;
  pending_readings: number;
  pending_peak: number | null;
  pending_value: number | null;
  /** Settings in force before changes after the batch's oldest reading, oldest first. */
  history: (PointSettings & { valid_until: Date })[];
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
  wait_minutes: number;
  repeat_minutes: number;
  repeat_cap: number;
  tell_all_clear: boolean;
};

/** A stored spell of one sensor (an `alarm_events` row other than NOCALL), as the engine walks it. */
export type StoredSpellRow = {
  id: number;
  peripheral_id: number | null;
  alarm_type: AlarmEventType;
  opening_report_at: Date | null;
  opening_value: number | null;
  raised_report_at: Date | null;
  peak_value: number | null;
  closing_report_at: Date | null;
  closing_value: number | null;
  closed_at: Date | null;
  is_notified: boolean;
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
  alarms_snoozed_until: Date | null;
  /** Where the owner's visible history starts: earlier readings are not this owner's (decision 017). */
  visible_from: Date;
  points: AlarmPointFacts[];
  notifications: NotificationFacts[];
  /** The open spells (NOCALL among them). */
  openEvents: StoredSpellRow[];
};

/** JSON aggregation hands timestamps back as text. */
function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/** A notification as the engine and the watchdog tell it (`NotificationFacts`). */
const NOTIFICATION_COLUMNS = [
  'n.id',
  'n.peripheral_id',
  'n.alarm_type',
  'n.message_type',
  'n.message_address',
  'n.message',
  'n.wait_minutes',
  'n.repeat_minutes',
  'n.repeat_cap',
  'n.tell_all_clear',
] as const;

const SPELL_COLUMNS = [
  'e.id',
  'e.peripheral_id',
  'e.alarm_type',
  'e.opening_report_at',
  'e.opening_value',
  'e.raised_report_at',
  'e.peak_value',
  'e.closing_report_at',
  'e.closing_value',
  'e.closed_at',
  'e.is_notified',
] as const;

const spellFromJson = (row: {
  [K in keyof StoredSpellRow]: StoredSpellRow[K] extends Date | null
    ? Date | string | null
    : StoredSpellRow[K];
}): StoredSpellRow => ({
  ...row,
  opening_report_at: toDate(row.opening_report_at),
  raised_report_at: toDate(row.raised_report_at),
  closing_report_at: toDate(row.closing_report_at),
  closed_at: toDate(row.closed_at),
});

/**
 * Holds the unit's alarm state for the caller's transaction: batches of one unit are evaluated
 * one after the other, across processes, so each walks from the state the one before left.
 */
export async function lockUnitAlarms(trx: Transaction<DB>, deviceId: number): Promise<void> {
  await sql`SELECT 1 FROM devices WHERE id = ${deviceId} FOR UPDATE`.execute(trx);
}

/**
 * The unit's active owner rows (a unit has one; sub-account rows are views and get no deliveries
 * of their own) with their alarm points (and the settings they had since `settingsSince`), enabled
 * notifications and open events, in one query.
 */
export async function findAlarmOwners(
  db: Kysely<DB>,
  deviceId: number,
  settingsSince: Date,
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
      'ud.alarms_snoozed_until',
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
            'ap.deadband',
            'ap.delay_minutes',
            'ap.delay_readings',
            'ap.last_range_change',
            'ap.pending_since',
            'ap.pending_readings',
            'ap.pending_peak',
            'ap.pending_value',
            'p.serial as puck_serial',
            'p.name as puck_name',
            'p.location as puck_location',
          ])
          .select((sub) =>
            jsonArrayFrom(
              sub
                .selectFrom('alarm_point_settings as h')
                .select([
                  'h.valid_until',
                  'h.range_min',
                  'h.range_max',
                  'h.is_enabled',
                  'h.deadband',
                  'h.delay_minutes',
                  'h.delay_readings',
                ])
                .whereRef('h.alarm_point_id', '=', 'ap.id')
                .where('h.valid_until', '>', settingsSince)
                .orderBy('h.valid_until'),
            ).as('history'),
          )
          .whereRef('ap.user_device_id', '=', 'ud.id')
          .orderBy('ap.id'),
      ).as('points'),
      jsonArrayFrom(
        eb
          .selectFrom('notifications as n')
          .select(NOTIFICATION_COLUMNS)
          .whereRef('n.user_device_id', '=', 'ud.id')
          .where('n.disable_alarm', '=', false)
          .orderBy('n.id'),
      ).as('notifications'),
      jsonArrayFrom(
        eb
          .selectFrom('alarm_events as e')
          .select(SPELL_COLUMNS)
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
      pending_since: toDate(point.pending_since),
      history: point.history.map((h) => ({ ...h, valid_until: new Date(h.valid_until) })),
    })),
    openEvents: row.openEvents.map(spellFromJson),
  }));
}

/** The owner's spells (NOCALL aside) still open or ended at or after `since`, oldest first. */
export async function findSpellsSince(
  db: Kysely<DB>,
  userDeviceId: number,
  since: Date,
): Promise<StoredSpellRow[]> {
  return db
    .selectFrom('alarm_events as e')
    .select(SPELL_COLUMNS)
    .where('e.user_device_id', '=', userDeviceId)
    .where('e.alarm_type', '!=', 'NOCALL')
    .where((eb) => eb.or([eb('e.closed_at', 'is', null), eb('e.closing_report_at', '>=', since)]))
    .orderBy('e.opening_report_at')
    .execute();
}

/**
 * The unit's stored readings taken at or after `since`, with its pucks' readings, oldest first:
 * what a late batch is walked again over.
 */
export async function findReadingsSince(
  db: Kysely<DB>,
  {
    deviceId,
    peripheralIds,
    since,
  }: { deviceId: number; peripheralIds: readonly number[]; since: Date },
): Promise<StoredReport[]> {
  const [reports, pucks] = await Promise.all([
    db
      .selectFrom('device_reports')
      .select([
        'report_timestamp',
        'temperature',
        'humidity',
        'power',
        'signal_strength',
        'water',
        'motion',
      ])
      .where('device_id', '=', deviceId)
      .where('report_timestamp', '>=', since)
      .orderBy('report_timestamp')
      .execute(),
    peripheralIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('peripheral_reports as r')
          .innerJoin('peripherals as p', 'p.id', 'r.peripheral_id')
          .select([
            'r.peripheral_id',
            'p.serial',
            'r.report_timestamp',
            'r.temperature',
            'r.humidity',
            'r.water',
            'r.battery_level',
          ])
          .where('r.peripheral_id', 'in', peripheralIds)
          .where('r.report_timestamp', '>=', since)
          .execute(),
  ]);
  const byTime = new Map<number, StoredReport>(
    reports.map((r) => [
      r.report_timestamp.getTime(),
      {
        reportTimestamp: r.report_timestamp,
        temperature: r.temperature,
        humidity: r.humidity,
        power: r.power,
        signalStrength: r.signal_strength,
        water: r.water,
        motion: r.motion,
        peripherals: [],
      },
    ]),
  );
  for (const p of pucks)
    byTime.get(p.report_timestamp.getTime())?.peripherals.push({
      peripheralId: p.peripheral_id,
      serial: p.serial,
      temperature: p.temperature,
      humidity: p.humidity,
      water: p.water,
      batteryLevel: p.battery_level,
    });
  return [...byTime.values()];
}

/** Whether the unit has a stored reading taken at or after `from` and before `before`. */
export async function hasReadingBetween(
  db: Kysely<DB>,
  deviceId: number,
  { from, before }: { from: Date; before: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('device_reports')
    .select('report_timestamp')
    .where('device_id', '=', deviceId)
    .where('report_timestamp', '>=', from)
    .where('report_timestamp', '<', before)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A spell's times and values as columns. */
export type SpellColumns = {
  opening_report_at: Date;
  opening_value: number;
  raised_report_at: Date;
  peak_value: number;
  closing_report_at: Date | null;
  closing_value: number | null;
};

/**
 * Records a spell the engine found; undefined when the sensor has an open one already (the
 * partial unique index; under the unit's lock only the NOCALL watchdog could race).
 */
export async function insertSpell(
  db: Kysely<DB>,
  spell: SpellColumns & {
    userDeviceId: number;
    peripheralId: number | null;
    alarmType: AlarmEventType;
    now: Date;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('alarm_events')
    .values({
      user_device_id: spell.userDeviceId,
      peripheral_id: spell.peripheralId,
      alarm_type: spell.alarmType,
      opened_at: spell.now,
      opening_value: spell.opening_value,
      opening_report_at: spell.opening_report_at,
      raised_report_at: spell.raised_report_at,
      peak_value: spell.peak_value,
      closing_report_at: spell.closing_report_at,
      closing_value: spell.closing_value,
      closed_at: spell.closing_report_at && spell.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A stored spell that reads differently after the walk (closed now, or moved by late readings). */
export async function updateSpell(
  db: Kysely<DB>,
  id: number,
  spell: SpellColumns & { now: Date; wasOpen: boolean },
): Promise<void> {
  const isClosing = spell.wasOpen && spell.closing_report_at !== null;
  await db
    .updateTable('alarm_events')
    .set({
      opening_value: spell.opening_value,
      opening_report_at: spell.opening_report_at,
      raised_report_at: spell.raised_report_at,
      peak_value: spell.peak_value,
      closing_report_at: spell.closing_report_at,
      closing_value: spell.closing_value,
      ...(isClosing && { closed_at: spell.now }),
      ...(spell.closing_report_at === null && { closed_at: null }),
    })
    .where('id', '=', id)
    .execute();
}

/** Spells late readings un-raised; their deliveries stay on record (the key is set null). */
export async function deleteSpells(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('alarm_events').where('id', 'in', ids).execute();
}

/** The notifications an event's alarm went to (its first telling or a reminder): they hear the all-clear. */
export async function findToldNotificationIds(
  db: Kysely<DB>,
  eventId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('deliveries')
    .select('notification_id')
    .distinct()
    .where('alarm_event_id', '=', eventId)
    .where('kind', '=', 'alarm')
    .where('notification_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.notification_id!));
}

export type FollowUpFacts = {
  closed_at: Date | null;
  acknowledged_at: Date | null;
  alarms_snoozed_until: Date | null;
  /** The notification, unless it was deleted or turned off since. */
  notification: Pick<
    NotificationFacts,
    'id' | 'message_type' | 'message_address' | 'repeat_minutes' | 'repeat_cap'
  > | null;
};

/**
 * What a follow-up of an event needs, the event's row held for the caller's transaction (an
 * acknowledgement waits for it, or it for the acknowledgement).
 */
export async function findFollowUpFacts(
  trx: Transaction<DB>,
  eventId: number,
  notificationId: number,
): Promise<FollowUpFacts | undefined> {
  const row = await trx
    .selectFrom('alarm_events as e')
    .innerJoin('user_devices as ud', 'ud.id', 'e.user_device_id')
    .leftJoin('notifications as n', (join) =>
      join
        .onRef('n.user_device_id', '=', 'e.user_device_id')
        .on('n.id', '=', notificationId)
        .on('n.disable_alarm', '=', false),
    )
    .select([
      'e.closed_at',
      'e.acknowledged_at',
      'ud.alarms_snoozed_until',
      'n.id as notification_id',
      'n.message_type',
      'n.message_address',
      'n.repeat_minutes',
      'n.repeat_cap',
    ])
    .where('e.id', '=', eventId)
    .forUpdate('e')
    .executeTakeFirst();
  if (!row) return undefined;
  const { notification_id, message_type, message_address, repeat_minutes, repeat_cap, ...event } =
    row;
  return {
    ...event,
    notification:
      notification_id === null || message_type === null || message_address === null
        ? null
        : {
            id: notification_id,
            message_type,
            message_address,
            repeat_minutes: repeat_minutes ?? 0,
            repeat_cap: repeat_cap ?? 0,
          },
  };
}

/** Marks spells as told (an alarm, or the one message about spells that ended before they arrived). */
export async function markNotified(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('alarm_events').set({ is_notified: true }).where('id', 'in', ids).execute();
}

/**
 * Opens a NOCALL event for the silence since `reportAt` unless one is open (the partial unique
 * index): answers the new id, or undefined when another tick opened it first.
 */
export async function openNoCallEvent(
  db: Kysely<DB>,
  event: { userDeviceId: number; openedAt: Date; reportAt: Date; isNotified: boolean },
): Promise<number | undefined> {
  const row = await db
    .insertInto('alarm_events')
    .values({
      user_device_id: event.userDeviceId,
      alarm_type: 'NOCALL',
      opened_at: event.openedAt,
      opening_report_at: event.reportAt,
      raised_report_at: event.reportAt,
      is_notified: event.isNotified,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Closes an open NOCALL event; answers it, or undefined when none was open (closed already). */
export function closeNoCallEvent(
  db: Kysely<DB>,
  userDeviceId: number,
  closing: { closedAt: Date; reportAt: Date },
): Promise<{ id: number; is_notified: boolean } | undefined> {
  return db
    .updateTable('alarm_events')
    .set({ closed_at: closing.closedAt, closing_report_at: closing.reportAt })
    .where('user_device_id', '=', userDeviceId)
    .where('peripheral_id', 'is', null)
    .where('alarm_type', '=', 'NOCALL')
    .where('closed_at', 'is', null)
    .returning(['id', 'is_notified'])
    .executeTakeFirst();
}

export type AlarmPointReading = {
  id: number;
  /** The newest reading of the batch (newer than any evaluated before); null keeps the stored one. */
  lastReadValue: number | null;
  /** The report time of `lastReadValue`: it is shown only to rows that see that report (decision 017). */
  lastReadAt: Date | null;
  lastTriggeredAlarm: Date | null;
  pending: { since: Date; readings: number; peak: number; value: number } | null;
};

/**
 * After a batch, in one statement: each alarm point's last read value and its report time, its
 * last triggered alarm (never moved back) and its pending breach, and how far the unit's readings
 * were evaluated (never moved back).
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
        last_triggered_alarm = GREATEST(v.last_triggered_alarm, ap.last_triggered_alarm),
        pending_since = v.pending_since,
        pending_readings = v.pending_readings,
        pending_peak = v.pending_peak,
        pending_value = v.pending_value
      FROM unnest(
        ${points.map((p) => p.id)}::integer[],
        ${points.map((p) => p.lastReadValue)}::real[],
        ${points.map((p) => p.lastReadAt)}::timestamptz[],
        ${points.map((p) => p.lastTriggeredAlarm)}::timestamptz[],
        ${points.map((p) => p.pending?.since ?? null)}::timestamptz[],
        ${points.map((p) => p.pending?.readings ?? 0)}::integer[],
        ${points.map((p) => p.pending?.peak ?? null)}::real[],
        ${points.map((p) => p.pending?.value ?? null)}::real[]
      ) AS v(id, last_read_value, last_read_at, last_triggered_alarm, pending_since,
             pending_readings, pending_peak, pending_value)
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
 * Units silent since `silentBefore` or earlier whose active owner row is not muted nor snoozed and has no open
 * NOCALL event, with the last report's readings and the owner's enabled NOCALL notifications; only
 * a last report in the owner's visible history counts (decision 017).
 * The caller applies each unit's own interval; `silentBefore` is the shortest.
 */
export function findNoCallCandidates(
  db: Kysely<DB>,
  { silentBefore, now }: { silentBefore: Date; now: Date },
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
            .select(NOTIFICATION_COLUMNS)
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
      // A snoozed unit's silence is raised once the snooze is over (decision 059).
      .where((eb) =>
        eb.or([
          eb('ud.alarms_snoozed_until', 'is', null),
          eb('ud.alarms_snoozed_until', '<=', now),
        ]),
      )
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
