import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BillingAddressesTable, DB } from '../../platform/database/schema';

export type BillingAddressRow = Selectable<BillingAddressesTable>;
export type BillingAddressValues = Omit<Insertable<BillingAddressesTable>, 'id' | 'created_at'>;

export function findDefaultBillingAddressRow(
  db: Kysely<DB>,
  userId: number,
): Promise<BillingAddressRow | undefined> {
  return db
    .selectFrom('billing_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

export function findBillingAddressRow(
  db: Kysely<DB>,
  id: number,
): Promise<BillingAddressRow | undefined> {
  return db.selectFrom('billing_addresses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user's addresses, the default first, then oldest first. */
export function findBillingAddressRows(
  db: Kysely<DB>,
  userId: number,
): Promise<BillingAddressRow[]> {
  return db
    .selectFrom('billing_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
}

export function insertBillingAddress(
  db: Kysely<DB>,
  values: BillingAddressValues,
): Promise<BillingAddressRow> {
  return db.insertInto('billing_addresses').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBillingAddress(
  db: Kysely<DB>,
  id: number,
  values: Updateable<BillingAddressesTable>,
): Promise<BillingAddressRow | undefined> {
  return db
    .updateTable('billing_addresses')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Clears the default flag on a user's addresses other than `exceptId`, before another becomes the default. */
export async function clearDefaultBillingAddress(
  db: Kysely<DB>,
  userId: number,
  exceptId?: number,
): Promise<void> {
  let query = db
    .updateTable('billing_addresses')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .where('is_default', '=', true);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
}
