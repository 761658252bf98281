import { sql } from 'kysely';
import type { AppContext } from '../../src/context';

/**
 * Many readings at once, made by the database (generate_series), for history tests: `count`
 * readings `stepMinutes` apart from `from`. Each value is SQL over `i`, the reading's number from 0.
 */
export async function addDeviceReadings(
  ctx: AppContext,
  deviceId: number,
  {
    from,
    count,
    stepMinutes = 5,
    temperature = '70',
    humidity = '40',
    power = '1',
  }: {
    from: Date;
    count: number;
    stepMinutes?: number;
    temperature?: string;
    humidity?: string;
    power?: string;
  },
): Promise<void> {
  await sql`
    insert into device_reports (device_id, report_timestamp, temperature, humidity, power)
    select ${deviceId}, ${from}::timestamptz + i * ${`${stepMinutes} minutes`}::interval,
      (${sql.raw(temperature)})::real, (${sql.raw(humidity)})::real, (${sql.raw(power)})::smallint
    from generate_series(0, ${count - 1}::int) as i
  `.execute(ctx.db);
}

/** Many puck readings at once, as `addDeviceReadings`. */
export async function addPuckReadings(
  ctx: AppContext,
  peripheralId: number,
  {
    from,
    count,
    stepMinutes = 5,
    temperature = '70',
    humidity = '40',
    water = '0',
    batteryLevel = '90',
  }: {
    from: Date;
    count: number;
    stepMinutes?: number;
    temperature?: string;
    humidity?: string;
    water?: string;
    batteryLevel?: string;
  },
): Promise<void> {
  await sql`
    insert into peripheral_reports
      (peripheral_id, report_timestamp, temperature, humidity, water, battery_level)
    select ${peripheralId}, ${from}::timestamptz + i * ${`${stepMinutes} minutes`}::interval,
      (${sql.raw(temperature)})::real, (${sql.raw(humidity)})::real,
      (${sql.raw(water)})::smallint, (${sql.raw(batteryLevel)})::smallint
    from generate_series(0, ${count - 1}::int) as i
  `.execute(ctx.db);
}

/** A spell in alarm on an owner's row (a puck's with `peripheralId`), closed when `to` is given. */
export async function addAlarmSpell(
  ctx: AppContext,
  {
    ownerRowId,
    peripheralId = null,
    alarmType,
    from,
    to = null,
  }: {
    ownerRowId: number;
    peripheralId?: number | null;
    alarmType: 'TEMP' | 'HUMIDITY' | 'POWER' | 'NOCALL' | 'SPUCK_TEMP' | 'SPUCK_HUMIDITY' | 'WATER';
    from: Date;
    to?: Date | null;
  },
): Promise<void> {
  await ctx.db
    .insertInto('alarm_events')
    .values({
      user_device_id: ownerRowId,
      peripheral_id: peripheralId,
      alarm_type: alarmType,
      opened_at: from,
      opening_report_at: from,
      closed_at: to,
      closing_report_at: to,
    })
    .execute();
}
