import { sql, type Kysely, type Selectable } from 'kysely';
import { isUndefinedTable } from '../../platform/database/errors';
import { PREPARED_ON_POSTGRES } from '../../platform/database/prepared-statements';
import type { DB, DeviceCommand, DeviceCommandsTable } from '../../platform/database/schema';
import { insertTarget } from './reading-months';

/**
 * The SQL of the ingest path (telemetry/ingest.service.ts): two round trips per call, the
 * credentials and then the whole call in one statement, both prepared on PostgreSQL as well
 * (decision 014): their answers have fixed columns, and planning the call's statement cost
 * about a quarter of its database time.
 */

export type DeviceCredentialsRow = {
  id: number;
  imei: string;
  serial_number: string;
  device_type: number;
  device_key_hash: string;
  provisioned_at: Date;
  /** A puck awaiting its upfront charge is attached but not heard from (issue #22). */
  peripherals: { id: number; serial: string; awaitingPayment: boolean }[];
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

/**
 * What the device protocol's Basic authentication checks against, and the unit's attached pucks
 * (the only ones it may report for) in the same round trip: a PRO unit's batch needs them, and
 * the lookup by `device_id` is cheaper than another trip to the database.
 */
export async function findDeviceCredentials(
  db: Kysely<DB>,
  imei: string,
): Promise<DeviceCredentialsRow | undefined> {
  const result = await sql<DeviceCredentialsRow>`${sql.raw(PREPARED_ON_POSTGRES)}
    SELECT d.id, d.imei, d.serial_number, d.device_type, d.device_key_hash, d.provisioned_at,
      COALESCE(
        (SELECT json_agg(json_build_object('id', p.id, 'serial', p.serial,
           'awaitingPayment', p.awaiting_payment))
         FROM peripherals p WHERE p.device_id = d.id),
        '[]'::json) AS peripherals
    FROM devices d
    WHERE d.imei = ${imei}`.execute(db);
  return result.rows[0];
}

const column = <T, V>(rows: readonly T[], pick: (row: T) => V): V[] => rows.map(pick);

export type DeviceCall = {
  deviceId: number;
  reports: readonly DeviceReportValues[];
  peripheralReports: readonly PeripheralReportValues[];
  /** Each puck's newest reading of the batch: its call-in time and battery level. */
  peripheralCallins: readonly { id: number; callinTime: Date; batteryLevel: number | null }[];
  /** The newest ReportTimestamp of the batch; null for a poll, which leaves the unit alone. */
  lastReportAt: Date | null;
  firmwareVersion: string | null;
  acks: readonly number[];
  /**
   * An acknowledged RPT or DOG issued since then, in a call that carries readings, spends the
   * instant update it held back (issue #22); older ones, and answers without a reading, cost nothing.
   */
  spendsAnsweredSince: Date;
  at: Date;
};

export type DeviceCallOutcome = {
  /** How many readings were newly stored; the rest of the batch were duplicates. */
  storedCount: number;
  /**
   * The times of the batch's readings that were already stored, and likewise for puck readings:
   * usually none, so answering these rather than what was stored keeps the answer small.
   */
  duplicateTimes: Date[];
  duplicatePuckReadings: { peripheral_id: number; report_timestamp: Date }[];
  /** The commands still waiting for the unit, oldest first, as they were before this call. */
  commands: Pick<
    Selectable<DeviceCommandsTable>,
    'id' | 'command' | 'created_at' | 'delivered_at'
  >[];
};

type DeviceCallRow = {
  stored_count: number;
  duplicate_times: Date[];
  duplicate_puck_readings: { peripheral_id: number; report_timestamp: string }[];
  commands: {
    id: number;
    command: DeviceCommand;
    created_at: string;
    delivered_at: string | null;
  }[];
};

/**
 * A whole call in one statement, so one round trip and one commit (decision 014): stores the
 * readings and puck readings (one already stored for the same unit or puck and time is
 * skipped), records each puck's newest call-in and battery level (an older reading leaves the
 * battery alone), moves the unit's last report time forward (never back) and records an
 * announced firmware version, marks this unit's acknowledged commands done (spending the
 * instant update of an RPT or DOG answered in time with readings), answers the
 * commands still waiting and stamps the first hand-over of each. Columns go in as arrays
 * through `unnest`, so the statement text is the same for every batch size, and for a poll. The
 * readings go straight into their month's partition when they all fall in one (decision 080).
 */
export async function storeDeviceCall(
  db: Kysely<DB>,
  call: DeviceCall,
): Promise<DeviceCallOutcome> {
  try {
    return await runDeviceCall(db, call, {
      reports: insertTarget(
        'device_reports',
        call.reports.map((r) => r.report_timestamp),
      ),
      puckReports: insertTarget(
        'peripheral_reports',
        call.peripheralReports.map((r) => r.report_timestamp),
      ),
    });
  } catch (error) {
    // The month has no partition (not made yet, or dropped by retention): nothing was written,
    // and the partitioned tables route the rows, to the default partition if need be.
    if (!isUndefinedTable(error)) throw error;
    return runDeviceCall(db, call, {
      reports: 'device_reports',
      puckReports: 'peripheral_reports',
    });
  }
}

/** The call's statement, writing readings into `into`'s tables (partitions of the readings tables). */
async function runDeviceCall(
  db: Kysely<DB>,
  call: DeviceCall,
  into: { reports: string; puckReports: string },
): Promise<DeviceCallOutcome> {
  const { deviceId, reports, peripheralReports, peripheralCallins, at } = call;
  const result = await sql<DeviceCallRow>`${sql.raw(PREPARED_ON_POSTGRES)}
    WITH readings AS (
      SELECT * FROM unnest(
        ${column(reports, (r) => r.report_timestamp)}::timestamptz[],
        ${column(reports, (r) => r.temperature)}::real[],
        ${column(reports, (r) => r.humidity)}::real[],
        ${column(reports, (r) => r.power)}::smallint[],
        ${column(reports, (r) => r.signal_strength)}::smallint[],
        ${column(reports, (r) => r.water)}::smallint[],
        ${column(reports, (r) => r.motion)}::smallint[]
      ) AS r(report_timestamp, temperature, humidity, power, signal_strength, water, motion)
    ), stored AS (
      INSERT INTO ${sql.table(into.reports)}
        (device_id, report_timestamp, temperature, humidity, power, signal_strength, water, motion, received_at)
      SELECT ${deviceId}::integer, r.*, ${at}::timestamptz FROM readings r
      ON CONFLICT DO NOTHING
      RETURNING report_timestamp
    ), puck_readings AS (
      SELECT * FROM unnest(
        ${column(peripheralReports, (r) => r.peripheral_id)}::integer[],
        ${column(peripheralReports, (r) => r.report_timestamp)}::timestamptz[],
        ${column(peripheralReports, (r) => r.temperature)}::real[],
        ${column(peripheralReports, (r) => r.humidity)}::real[],
        ${column(peripheralReports, (r) => r.water)}::smallint[],
        ${column(peripheralReports, (r) => r.battery_level)}::smallint[]
      ) AS r(peripheral_id, report_timestamp, temperature, humidity, water, battery_level)
    ), stored_pucks AS (
      INSERT INTO ${sql.table(into.puckReports)}
        (peripheral_id, report_timestamp, temperature, humidity, water, battery_level)
      SELECT * FROM puck_readings
      ON CONFLICT DO NOTHING
      RETURNING peripheral_id, report_timestamp
    ), pucks AS (
      UPDATE peripherals AS p SET
        battery_level = CASE
          WHEN p.callin_time IS NULL OR v.callin_time >= p.callin_time
          THEN COALESCE(v.battery_level, p.battery_level)
          ELSE p.battery_level END,
        callin_time = GREATEST(p.callin_time, v.callin_time)
      FROM unnest(
        ${column(peripheralCallins, (r) => r.id)}::integer[],
        ${column(peripheralCallins, (r) => r.callinTime)}::timestamptz[],
        ${column(peripheralCallins, (r) => r.batteryLevel)}::smallint[]
      ) AS v(id, callin_time, battery_level)
      WHERE p.id = v.id
    ), device AS (
      UPDATE devices SET
        last_report_at = GREATEST(last_report_at, ${call.lastReportAt}::timestamptz),
        firmware_version = COALESCE(${call.firmwareVersion}::text, firmware_version),
        -- The memo's firmware number gates the live channel: an empty memo, or one provisioning
        -- wrote ('FW <version>'), follows the version the unit reports; a memo staff wrote stays.
        memo = CASE
          WHEN ${call.firmwareVersion}::text IS NOT NULL AND (memo IS NULL OR memo ~ '^FW [0-9.]+$')
          THEN 'FW ' || ${call.firmwareVersion}::text
          ELSE memo END
      WHERE id = ${deviceId} AND ${call.lastReportAt}::timestamptz IS NOT NULL
    ), acked AS (
      UPDATE device_commands SET
        acked_at = ${at}::timestamptz,
        spent_at = CASE
          WHEN paid_by_user_device_id IS NOT NULL
            AND created_at >= ${call.spendsAnsweredSince}::timestamptz
            AND EXISTS (SELECT 1 FROM readings)
          THEN ${at}::timestamptz END
      WHERE device_id = ${deviceId} AND id = ANY(${[...call.acks]}::integer[]) AND acked_at IS NULL
      RETURNING id, paid_by_user_device_id, spent_at
    ), spent AS (
      UPDATE user_devices AS u SET instant_updates = GREATEST(u.instant_updates - s.n, 0)
      FROM (
        SELECT paid_by_user_device_id AS id, count(*)::integer AS n FROM acked
        WHERE spent_at IS NOT NULL GROUP BY paid_by_user_device_id
      ) AS s
      WHERE u.id = s.id
    ), waiting AS (
      SELECT id, command, created_at, delivered_at FROM device_commands
      WHERE device_id = ${deviceId} AND acked_at IS NULL AND id NOT IN (SELECT id FROM acked)
    ), handed_over AS (
      UPDATE device_commands SET delivered_at = ${at}::timestamptz
      WHERE id IN (SELECT id FROM waiting WHERE delivered_at IS NULL)
    )
    SELECT
      (SELECT count(*)::integer FROM stored) AS stored_count,
      ARRAY(
        SELECT DISTINCT r.report_timestamp FROM readings r
        WHERE r.report_timestamp NOT IN (SELECT report_timestamp FROM stored)
      ) AS duplicate_times,
      COALESCE(
        (SELECT json_agg(d) FROM (
          SELECT DISTINCT r.peripheral_id, r.report_timestamp FROM puck_readings r
          WHERE (r.peripheral_id, r.report_timestamp) NOT IN
            (SELECT peripheral_id, report_timestamp FROM stored_pucks)
        ) d),
        '[]'::json) AS duplicate_puck_readings,
      COALESCE((SELECT json_agg(w ORDER BY w.id) FROM waiting w), '[]'::json) AS commands`.execute(
    db,
  );
  const row = result.rows[0]!;
  return {
    storedCount: row.stored_count,
    duplicateTimes: row.duplicate_times,
    // json_agg carries times as text: back to Date here, so callers see what a row gives.
    duplicatePuckReadings: row.duplicate_puck_readings.map((r) => ({
      peripheral_id: r.peripheral_id,
      report_timestamp: new Date(r.report_timestamp),
    })),
    commands: row.commands.map((c) => ({
      id: c.id,
      command: c.command,
      created_at: new Date(c.created_at),
      delivered_at: c.delivered_at === null ? null : new Date(c.delivered_at),
    })),
  };
}
