import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/** Sets a user's vault customer only while they have none; answers the one they end up with. */
export async function setCustomerIdIfNone(
  db: Kysely<DB>,
  userId: number,
  customerId: string,
): Promise<string | null> {
  await db
    .updateTable('users')
    .set({ customer_id: customerId })
    .where('id', '=', userId)
    .where('customer_id', 'is', null)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('customer_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

export async function setCustomerId(
  db: Kysely<DB>,
  userId: number,
  customerId: string,
): Promise<void> {
  await db.updateTable('users').set({ customer_id: customerId }).where('id', '=', userId).execute();
}

/** Whether another user already holds this vault customer. */
export async function isCustomerIdTaken(
  db: Kysely<DB>,
  userId: number,
  customerId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}
