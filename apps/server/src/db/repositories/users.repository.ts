import type { Kysely, Selectable, Insertable, Updateable } from 'kysely';
import type { DB, UsersTable } from '../schema';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
