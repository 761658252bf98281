import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import type { StoredReport } from '../telemetry/reports-stored';

/** The stored readings a late batch is walked again over (decision 059). */

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
