import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, DeviceCommandsTable } from '../schema';

/**
 * The SQL of the ingest path (telemetry/ingest.service.ts). Batches go in as one statement per
 * table: columns as arrays through `unnest`, so the statement text, and with it the prepared
 * statement, is the same whatever the batch size.
 */

export type DeviceCredentialsRow = {
  id: number;
  imei: string;
  serial_number: string;
  device_type: number;
  device_key_hash: string;
};

export type DeviceReportValues = {
  report_timestamp: Date;
  temperature: number | null;
  humidity: number | null;
  power: number | null;
  signal_strength: number | null;
  water: number | null;
  motion: number | null;
};

export type PeripheralReportValues = {
  peripheral_id: number;
  report_timestamp: Date;
  temperature: number | null;
  humidity: number | null;
  water: number | null;
  battery_level: number | null;
};

/** What the device protocol's Basic authentication checks against. */
export function findDeviceCredentials(
  db: Kysely<DB>,
  imei: string,
): Promise<DeviceCredentialsRow | undefined> {
  return db
    .selectFrom('devices')
    .select(['id', 'imei', 'serial_number', 'device_type', 'device_key_hash'])
    .where('imei', '=', imei)
    .executeTakeFirst();
}

/** The pucks attached to a unit: the only ones it may report for. */
export function findAttachedPeripherals(
  db: Kysely<DB>,
  deviceId: number,
): Promise<{ id: number; serial: string }[]> {
  return db
    .selectFrom('peripherals')
    .select(['id', 'serial'])
    .where('device_id', '=', deviceId)
    .execute();
}

const column = <T, V>(rows: readonly T[], pick: (row: T) => V): V[] => rows.map(pick);

/**
 * Stores a unit's readings in one statement; a reading whose (unit, time) is already stored is
 * skipped. Answers the times actually stored, so the rest are the duplicates.
 */
export async function insertDeviceReports(
  db: Kysely<DB>,
  deviceId: number,
  rows: readonly DeviceReportValues[],
  receivedAt: Date,
): Promise<Date[]> {
  if (rows.length === 0) return [];
  const result = await sql<{ report_timestamp: Date }>`
    INSERT INTO device_reports
      (device_id, report_timestamp, temperature, humidity, power, signal_strength, water, motion, received_at)
    SELECT ${deviceId}::integer, r.*, ${receivedAt}::timestamptz
    FROM unnest(
      ${column(rows, (r) => r.report_timestamp)}::timestamptz[],
      ${column(rows, (r) => r.temperature)}::real[],
      ${column(rows, (r) => r.humidity)}::real[],
      ${column(rows, (r) => r.power)}::smallint[],
      ${column(rows, (r) => r.signal_strength)}::smallint[],
      ${column(rows, (r) => r.water)}::smallint[],
      ${column(rows, (r) => r.motion)}::smallint[]
    ) AS r
    ON CONFLICT DO NOTHING
    RETURNING report_timestamp`.execute(db);
  return result.rows.map((row) => row.report_timestamp);
}

/** Stores puck readings in one statement; one already stored for (puck, time) is skipped. */
export async function insertPeripheralReports(
  db: Kysely<DB>,
  rows: readonly PeripheralReportValues[],
): Promise<{ peripheral_id: number; report_timestamp: Date }[]> {
  if (rows.length === 0) return [];
  const result = await sql<{ peripheral_id: number; report_timestamp: Date }>`
    INSERT INTO peripheral_reports
      (peripheral_id, report_timestamp, temperature, humidity, water, battery_level)
    SELECT * FROM unnest(
      ${column(rows, (r) => r.peripheral_id)}::integer[],
      ${column(rows, (r) => r.report_timestamp)}::timestamptz[],
      ${column(rows, (r) => r.temperature)}::real[],
      ${column(rows, (r) => r.humidity)}::real[],
      ${column(rows, (r) => r.water)}::smallint[],
      ${column(rows, (r) => r.battery_level)}::smallint[]
    )
    ON CONFLICT DO NOTHING
    RETURNING peripheral_id, report_timestamp`.execute(db);
  return result.rows;
}

/**
 * Records each puck's latest call-in and battery level in one statement; a reading older than
 * the puck's last call-in leaves its battery level alone.
 */
export async function updatePeripheralsAfterReports(
  db: Kysely<DB>,
  rows: readonly { id: number; callinTime: Date; batteryLevel: number | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    UPDATE peripherals AS p SET
      battery_level = CASE
        WHEN p.callin_time IS NULL OR v.callin_time >= p.callin_time
        THEN COALESCE(v.battery_level, p.battery_level)
        ELSE p.battery_level END,
      callin_time = GREATEST(p.callin_time, v.callin_time)
    FROM unnest(
      ${column(rows, (r) => r.id)}::integer[],
      ${column(rows, (r) => r.callinTime)}::timestamptz[],
      ${column(rows, (r) => r.batteryLevel)}::smallint[]
    ) AS v(id, callin_time, battery_level)
    WHERE p.id = v.id`.execute(db);
}

/**
 * The rest of a call in one statement: moves the unit's last report time forward (never back)
 * and records an announced firmware version when the call carried readings, marks this unit's
 * acknowledged commands done, and answers the commands still waiting, oldest first. One round
 * trip instead of three on the hot path of every call.
 */
export async function settleDeviceCall(
  db: Kysely<DB>,
  {
    deviceId,
    lastReportAt,
    firmwareVersion,
    acks,
    at,
  }: {
    deviceId: number;
    lastReportAt: Date | null;
    firmwareVersion: string | null;
    acks: readonly number[];
    at: Date;
  },
): Promise<Selectable<DeviceCommandsTable>[]> {
  const result = await sql<Selectable<DeviceCommandsTable>>`
    WITH device AS (
      UPDATE devices SET
        last_report_at = GREATEST(last_report_at, ${lastReportAt}::timestamptz),
        firmware_version = COALESCE(${firmwareVersion}::text, firmware_version)
      WHERE id = ${deviceId} AND ${lastReportAt}::timestamptz IS NOT NULL
    ), acked AS (
      UPDATE device_commands SET acked_at = ${at}::timestamptz
      WHERE device_id = ${deviceId} AND id = ANY(${[...acks]}::integer[]) AND acked_at IS NULL
      RETURNING id
    )
    SELECT * FROM device_commands
    WHERE device_id = ${deviceId} AND acked_at IS NULL AND id NOT IN (SELECT id FROM acked)
    ORDER BY id`.execute(db);
  return result.rows;
}

/** Stamps the first hand-over of commands given to the unit now. */
export async function markDeviceCommandsDelivered(
  db: Kysely<DB>,
  ids: readonly number[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('device_commands')
    .set({ delivered_at: at })
    .where('id', 'in', [...ids])
    .where('delivered_at', 'is', null)
    .execute();
}
