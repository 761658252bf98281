import {
  sql,
  type Expression,
  type InferResult,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AlarmEventType, DB, MessageType, SensorType } from '../../platform/database/schema';
import { PREPARED_ON_POSTGRES } from '../../platform/database/prepared-statements';

/**
 * The SQL of alarm evaluation (alarm-engine.ts, decisions 011 and 059): the owner's facts, the
 * spells, the points' record. The watchdog's is in nocall.repository.ts, the late walk's readings
 * in alarm-readings.repository.ts, the follow-ups' in alarm-follow-ups.repository.ts.
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
  /** A PUSH notification's browser's user's temperature unit: the message is in theirs. */
  recipient_temp_pref: TempPref | null;
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
  /** The owner's brand, whose layout and support line an alarm e-mail carries. */
  tenant_id: number;
  alarms_evaluated_through: Date | null;
  /** The unit's evaluations recorded when these facts were read: their version (decision 061). */
  alarms_evaluations: number;
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

/**
 * The enabled notifications of a user device as the engine and the watchdog tell them
 * (`NotificationFacts`), a PUSH one with its browser's user's temperature unit.
 */
export function notificationFactsOf(db: Kysely<DB>, userDeviceId: Expression<number>) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('push_subscriptions as ps', 'ps.id', 'n.push_subscription_id')
    .leftJoin('users as pu', 'pu.id', 'ps.user_id')
    .select([
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
      'pu.temp_pref as recipient_temp_pref',
    ])
    .where('n.user_device_id', '=', userDeviceId)
    .where('n.disable_alarm', '=', false)
    .orderBy('n.id');
}

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
 * Answers the unit's count of recorded evaluations, as it is now that the lock is held.
 */
export async function lockUnitAlarms(trx: Transaction<DB>, deviceId: number): Promise<number> {
  const { rows } = await sql<{ alarms_evaluations: number }>`
    SELECT alarms_evaluations FROM devices WHERE id = ${deviceId} FOR UPDATE`.execute(trx);
  return rows[0]?.alarms_evaluations ?? 0;
}

/** The owner query, built for a unit and a time; its text is the same for every unit and time. */
function ownersQuery(db: Kysely<DB>, deviceId: number, settingsSince: Date) {
  return db
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
      'u.tenant_id',
      'd.alarms_evaluated_through',
      'd.alarms_evaluations',
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
      jsonArrayFrom(notificationFactsOf(db, eb.ref('ud.id'))).as('notifications'),
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
    .modifyEnd(sql.raw(PREPARED_ON_POSTGRES));
}

/** Stand-ins the owner query is compiled with once, found again by identity among its parameters. */
const OWNERS_DEVICE = Number.MIN_SAFE_INTEGER;
const OWNERS_SINCE = new Date(0);
const compileOwners = (db: Kysely<DB>) => ownersQuery(db, OWNERS_DEVICE, OWNERS_SINCE).compile();
let compiledOwners: ReturnType<typeof compileOwners> | undefined;
type OwnerRow = InferResult<ReturnType<typeof ownersQuery>>[number];

/**
 * The unit's active owner rows (a unit has one; sub-account rows are views and get no deliveries
 * of their own) with their alarm points (and the settings they had since `settingsSince`), enabled
 * notifications and open events, in one query. Every batch reads it, and building and compiling
 * its nested selects cost more of the server's CPU than the rest of a quiet batch's evaluation,
 * so it is compiled once and run with each call's unit and time (the same text and parameters
 * as building it anew).
 */
export async function findAlarmOwners(
  db: Kysely<DB>,
  deviceId: number,
  settingsSince: Date,
): Promise<AlarmOwnerFacts[]> {
  compiledOwners ??= compileOwners(db);
  const parameters = compiledOwners.parameters.map((value) =>
    value === OWNERS_DEVICE ? deviceId : value === OWNERS_SINCE ? settingsSince : value,
  );
  const { rows } = await db.executeQuery<OwnerRow>({ ...compiledOwners, parameters });
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

/** Marks spells as told (an alarm, or the one message about spells that ended before they arrived). */
export async function markNotified(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('alarm_events').set({ is_notified: true }).where('id', 'in', ids).execute();
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
 * Records an evaluation: each point's last reading (never moved back), newest raise and pending
 * breach, and how far the unit was evaluated; counts it in the unit's `alarms_evaluations`. With
 * `ifEvaluations`, only if the unit still has that count (decision 061): nothing is written and
 * false is answered when another evaluation was recorded since the caller read its facts.
 */
export async function recordEvaluation(
  db: Kysely<DB>,
  {
    deviceId,
    evaluatedThrough,
    points,
    ifEvaluations = null,
  }: {
    deviceId: number;
    evaluatedThrough: Date;
    points: readonly AlarmPointReading[];
    ifEvaluations?: number | null;
  },
): Promise<boolean> {
  // The points are written only through the unit's row: a stale guard leaves both alone.
  const { rows } = await sql<{ id: number }>`${sql.raw(PREPARED_ON_POSTGRES)}
    WITH unit AS (
      UPDATE devices SET
        alarms_evaluated_through = GREATEST(alarms_evaluated_through, ${evaluatedThrough}::timestamptz),
        alarms_evaluations = alarms_evaluations + 1
      WHERE id = ${deviceId}
        AND (${ifEvaluations}::integer IS NULL OR alarms_evaluations = ${ifEvaluations}::integer)
      RETURNING id
    ), points AS (
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
      WHERE ap.id = v.id AND EXISTS (SELECT 1 FROM unit)
    )
    SELECT id FROM unit`.execute(db);
  return rows.length > 0;
}
