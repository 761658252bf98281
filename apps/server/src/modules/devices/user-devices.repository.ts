import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { visibleLastReportAt } from './visible-history.repository';

export type UserDeviceRow = Selectable<DB['user_devices']>;
export type UserDeviceValues = Omit<Insertable<DB['user_devices']>, 'id' | 'created_at'>;

/** A user device with the unit it names, as the UserDevice entity shows them (LastMessage as the row sees it). */
export type UserDeviceWithDeviceRow = UserDeviceRow & {
  imei: string;
  serial_number: string;
  device_type: number;
  tenant_id: number;
  firmware_version: string | null;
  memo: string | null;
  device_nsp: number;
  last_report_at: Date | null;
  /** The owner's subscription in force (modules/billing); null on a sub-account's row. */
  subscription_id: number | null;
  /** The owner's row's snooze of the unit's alarms (issue #23), on a sub-account's row too. */
  owner_alarms_snoozed_until: Date | null;
};

function selectWithDevice(db: Kysely<DB>) {
  return db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .selectAll('user_devices')
    .select([
      'devices.imei',
      'devices.serial_number',
      'devices.device_type',
      'devices.tenant_id',
      'devices.firmware_version',
      'devices.memo',
      'devices.device_nsp',
      visibleLastReportAt,
      (eb) =>
        eb
          .selectFrom('subscriptions')
          .select('subscriptions.id')
          .whereRef('subscriptions.user_device_id', '=', 'user_devices.id')
          .where('subscriptions.status', '<>', 'Cancelled')
          .limit(1)
          .as('subscription_id'),
      (eb) =>
        eb
          .selectFrom('user_devices as owner_row')
          .select('owner_row.alarms_snoozed_until')
          .whereRef(
            'owner_row.id',
            '=',
            eb.fn.coalesce('user_devices.parent_user_device_id', 'user_devices.id'),
          )
          .as('owner_alarms_snoozed_until'),
    ]);
}

export function findUserDeviceRow(
  db: Kysely<DB>,
  id: number,
): Promise<UserDeviceWithDeviceRow | undefined> {
  return selectWithDevice(db).where('user_devices.id', '=', id).executeTakeFirst();
}

/** A user's devices (their own and those given to them as a sub-account), oldest first. */
export function findUserDeviceRows(
  db: Kysely<DB>,
  userId: number,
  { onlyActive = false }: { onlyActive?: boolean } = {},
): Promise<UserDeviceWithDeviceRow[]> {
  let query = selectWithDevice(db).where('user_devices.user_id', '=', userId);
  if (onlyActive) query = query.where('user_devices.is_active', '=', true);
  return query.orderBy('user_devices.id').execute();
}

export async function countUserDevices(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_devices')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The caller's row for a unit (as owner or sub-account), if any. */
export function findUserDeviceRowForDevice(
  db: Kysely<DB>,
  userId: number,
  deviceId: number,
): Promise<UserDeviceWithDeviceRow | undefined> {
  return selectWithDevice(db)
    .where('user_devices.user_id', '=', userId)
    .where('user_devices.device_id', '=', deviceId)
    .orderBy('user_devices.id')
    .executeTakeFirst();
}

/** The owner's row of a unit (the one without a parent), if the unit is registered. */
export function findOwnerUserDeviceRow(
  db: Kysely<DB>,
  deviceId: number,
): Promise<UserDeviceRow | undefined> {
  return db
    .selectFrom('user_devices')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('parent_user_device_id', 'is', null)
    .executeTakeFirst();
}

export function insertUserDevice(db: Kysely<DB>, values: UserDeviceValues): Promise<UserDeviceRow> {
  return db.insertInto('user_devices').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUserDevice(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['user_devices']>,
): Promise<void> {
  // A change naming no known field changes nothing; an empty SET would be invalid SQL (a 500).
  if (Object.keys(values).length === 0) return;
  await db.updateTable('user_devices').set(values).where('id', '=', id).execute();
}

export async function deleteUserDevice(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('user_devices').where('id', '=', id).execute();
}
