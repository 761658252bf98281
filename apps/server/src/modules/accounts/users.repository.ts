import { sql, type Kysely, type Selectable, type Insertable, type Updateable } from 'kysely';
import { PREPARED_ON_POSTGRES } from '../../platform/database/prepared-statements';
import type { BillingAddressesTable, DB, UsersTable } from '../../platform/database/schema';

export type UserRow = Selectable<UsersTable>;

/** A default billing address read as JSON: its timestamp arrives as text. */
export type UserProfileAddress = Omit<Selectable<BillingAddressesTable>, 'created_at'> & {
  created_at: string;
};

/** The columns of a user the User entity shows. */
const PROFILE_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email_address',
  'users.tenant_id',
  'users.customer_id',
  'users.billing_type',
  'users.temp_pref',
  'users.parent_id',
  'users.created_at',
] as const;

type Unqualified<Column> = Column extends `users.${infer Name extends keyof UserRow}`
  ? Name
  : never;

/** A user with what the User entity shows besides its own columns, read in one query. */
export type UserProfileRow = Pick<UserRow, Unqualified<(typeof PROFILE_COLUMNS)[number]>> & {
  role_names: string[];
  default_billing_address: UserProfileAddress | null;
  parent_first_name: string | null;
  parent_last_name: string | null;
};

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A user with their role names (sorted), default billing address and parent's name, in one round
 * trip: every authenticated read builds this, and on the embedded database every query waits its
 * turn on the single connection. Scalar subqueries rather than more joins keep it one row per
 * user and cheap to plan (measured in decision 009). Prepared on PostgreSQL too, its columns
 * named (decision 014): with the session lookup, that halves the database's CPU per
 * authenticated read (docs/scaling.md).
 */
export function findUserProfile(db: Kysely<DB>, id: number): Promise<UserProfileRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('users as parent', 'parent.id', 'users.parent_id')
    .select(PROFILE_COLUMNS)
    .select((eb) => [
      'parent.first_name as parent_first_name',
      'parent.last_name as parent_last_name',
      sql<string[]>`array(${eb
        .selectFrom('user_roles')
        .select('user_roles.name')
        .whereRef('user_roles.user_id', '=', 'users.id')
        .orderBy('user_roles.name')})`.as('role_names'),
      eb
        .selectFrom('billing_addresses as address')
        .select((sub) => sub.fn.toJson('address').as('address'))
        .whereRef('address.user_id', '=', 'users.id')
        .where('address.is_default', '=', true)
        .$asScalar()
        .as('default_billing_address'),
    ])
    .where('users.id', '=', id)
    .modifyEnd(sql.raw(PREPARED_ON_POSTGRES))
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email_address']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function insertUser(db: Kysely<DB>, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(
  db: Kysely<DB>,
  id: number,
  values: Updateable<UsersTable>,
): Promise<UserRow | undefined> {
  return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function findRoleNames(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('name')
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

export async function addRole(db: Kysely<DB>, userId: number, name: string): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, name })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
