import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type DeviceRow = Selectable<DB['devices']>;

export function findDeviceRowById(db: Kysely<DB>, id: number): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDeviceRowByImei(db: Kysely<DB>, imei: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('imei', '=', imei).executeTakeFirst();
}

export function findDeviceRowBySerial(
  db: Kysely<DB>,
  serialNumber: string,
): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('serial_number', '=', serialNumber)
    .executeTakeFirst();
}

export function setModemActivated(db: Kysely<DB>, id: number): Promise<DeviceRow | undefined> {
  return db
    .updateTable('devices')
    .set({ modem_activated: true })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
