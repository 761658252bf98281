import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, DevicesTable, PeripheralsTable } from '../../platform/database/schema';

export type DeviceValues = Omit<
  Insertable<DevicesTable>,
  'id' | 'created_at' | 'last_report_at' | 'modem_activated'
>;
export type PeripheralValues = Pick<
  Insertable<PeripheralsTable>,
  'serial' | 'logic_level' | 'spuck_style' | 'manufacture_date'
>;

/**
 * Inserts new units; a row whose IMEI or serial is already taken is skipped (not an error), so
 * the caller can draw new random identifiers for the ones missing from the answer.
 */
export function insertDevicesSkippingTaken(
  db: Kysely<DB>,
  rows: readonly DeviceValues[],
): Promise<Selectable<DevicesTable>[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('devices')
    .values([...rows])
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .execute();
}

/** Inserts new pucks into the inventory; a serial already taken is skipped. */
export function insertPeripheralsSkippingTaken(
  db: Kysely<DB>,
  rows: readonly PeripheralValues[],
): Promise<Selectable<PeripheralsTable>[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('peripherals')
    .values([...rows])
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .execute();
}
