import type { ExpressionBuilder, Kysely } from 'kysely';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { DB } from '../../platform/database/schema';
import { likePattern } from '../devices/device-debug.repository';

export type StaffSearchUserRow = {
  id: number;
  first_name: string;
  last_name: string;
  email_address: string;
  tenant_id: number;
  parent_id: number | null;
};

export type StaffSearchDeviceRow = {
  user_id: number;
  imei: string;
  serial_number: string;
  name: string | null;
  device_count: number;
};

/**
 * Customers whose e-mail address, or a unit they hold (as owner or sub-account) by serial or
 * IMEI, contains `search`. Staff accounts are left out: they cannot be impersonated.
 */
function matches(eb: ExpressionBuilder<DB, 'users'>, search: string) {
  const pattern = likePattern(search);
  return eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.name', '=', ROLE_STAFF),
      ),
    ),
    eb.or([
      eb('users.email_address', 'ilike', pattern),
      eb.exists(
        eb
          .selectFrom('user_devices')
          .innerJoin('devices', 'devices.id', 'user_devices.device_id')
          .select('user_devices.id')
          .whereRef('user_devices.user_id', '=', 'users.id')
          .where((inner) =>
            inner.or([
              inner('devices.serial_number', 'ilike', pattern),
              inner('devices.imei', 'like', pattern),
            ]),
          ),
      ),
    ]),
  ]);
}

/** One page of matching users by e-mail address, and how many match in all. */
export async function findUsersForStaff(
  db: Kysely<DB>,
  { search, limit, offset }: { search: string; limit: number; offset: number },
): Promise<{ rows: StaffSearchUserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email_address', 'tenant_id', 'parent_id'])
      .where((eb) => matches(eb, search))
      .orderBy('users.email_address')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where((eb) => matches(eb, search))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The first `perUser` units registered to each of these users, by serial number, with each user's count. */
export async function findDevicesOfUsers(
  db: Kysely<DB>,
  { userIds, perUser }: { userIds: readonly number[]; perUser: number },
): Promise<StaffSearchDeviceRow[]> {
  if (userIds.length === 0) return [];
  const ranked = db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .select((eb) => [
      'user_devices.user_id',
      'devices.imei',
      'devices.serial_number',
      'user_devices.name',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('user_devices.user_id').orderBy('devices.serial_number'))
        .as('rank'),
      eb.fn
        .countAll<string | number>()
        .over((over) => over.partitionBy('user_devices.user_id'))
        .as('device_count'),
    ])
    .where('user_devices.user_id', 'in', userIds);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .select(['user_id', 'imei', 'serial_number', 'name', 'device_count'])
    .where('rank', '<=', perUser)
    .orderBy('user_id')
    .orderBy('serial_number')
    .execute();
  return rows.map((row) => ({ ...row, device_count: Number(row.device_count) }));
}
