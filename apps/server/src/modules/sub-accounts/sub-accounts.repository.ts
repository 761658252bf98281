import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type SubAccountUserRow = Pick<
  Selectable<DB['users']>,
  'id' | 'first_name' | 'last_name' | 'email_address' | 'parent_id' | 'created_at'
>;

/** A sub-account with its row on one unit, when it was given that unit. */
export type SubAccountListRow = SubAccountUserRow & {
  sub_user_device_id: number | null;
  sub_user_device_created_at: Date | null;
};

export type SubAccountDeviceRow = {
  id: number;
  parent_user_device_id: number;
  name: string | null;
  serial_number: string;
  created_at: Date;
};

const USER_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email_address',
  'users.parent_id',
  'users.created_at',
] as const;

/** Every sub-account of a parent with its row on `deviceId` (a unit's devices.id), those on the unit first. */
export function findSubAccountsOfParent(
  db: Kysely<DB>,
  { parentId, deviceId }: { parentId: number; deviceId: number },
): Promise<SubAccountListRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('user_devices as ud', (join) =>
      join
        .onRef('ud.user_id', '=', 'users.id')
        .on('ud.device_id', '=', deviceId)
        .on('ud.parent_user_device_id', 'is not', null),
    )
    .select([
      ...USER_COLUMNS,
      'ud.id as sub_user_device_id',
      'ud.created_at as sub_user_device_created_at',
    ])
    .where('users.parent_id', '=', parentId)
    .orderBy((eb) => eb.case().when('ud.id', 'is', null).then(1).else(0).end())
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
}

export function findSubAccountUser(
  db: Kysely<DB>,
  id: number,
): Promise<SubAccountUserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

/** The units a sub-account was given, oldest first. */
export function findSubAccountDevices(
  db: Kysely<DB>,
  subUserId: number,
): Promise<SubAccountDeviceRow[]> {
  return db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .innerJoin('user_devices as owner', 'owner.id', 'user_devices.parent_user_device_id')
    .select([
      'user_devices.id',
      'owner.id as parent_user_device_id',
      'owner.name',
      'devices.serial_number',
      'user_devices.created_at',
    ])
    .where('user_devices.user_id', '=', subUserId)
    .orderBy('user_devices.id')
    .execute();
}

/**
 * Deletes one sub-account row, and the push notifications to the sub-account's browsers on the
 * unit (decision 083); answers whether a row of that sub-account went.
 */
export function deleteSubAccountUserDevice(
  db: Kysely<DB>,
  { subUserId, subUserDeviceId }: { subUserId: number; subUserDeviceId: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('user_devices')
      .where('id', '=', subUserDeviceId)
      .where('user_id', '=', subUserId)
      .where('parent_user_device_id', 'is not', null)
      .returning('parent_user_device_id')
      .executeTakeFirst();
    if (!removed?.parent_user_device_id) return false;
    await trx
      .deleteFrom('notifications')
      .where('user_device_id', '=', removed.parent_user_device_id)
      .where('push_subscription_id', 'in', (eb) =>
        eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', subUserId),
      )
      .execute();
    return true;
  });
}

export async function deleteUserById(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** A sub-account's row on a unit, pointing at the owner's row; `created_at` starts its records. */
export function insertSubAccountUserDevice(
  db: Kysely<DB>,
  values: Omit<Insertable<DB['user_devices']>, 'id'> & {
    parent_user_device_id: number;
    created_at: Date;
  },
): Promise<Selectable<DB['user_devices']>> {
  return db.insertInto('user_devices').values(values).returningAll().executeTakeFirstOrThrow();
}
