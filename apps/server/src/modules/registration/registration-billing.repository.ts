import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type ChargeRow = Selectable<DB['charges']>;

/** Whether any subscription in force pays with this vaulted card. */
export async function isCardInUse(db: Kysely<DB>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('payment_method_token', '=', token)
    .where('status', '<>', 'Cancelled')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateCharge(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['charges']>,
): Promise<void> {
  await db.updateTable('charges').set(values).where('id', '=', id).execute();
}

/** A subscription's charges that took or may have taken money: what undoing it must return. */
export function findChargesToReturn(db: Kysely<DB>, subscriptionId: number): Promise<ChargeRow[]> {
  return db
    .selectFrom('charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '<>', 'refund')
    .where('status', 'in', ['pending', 'succeeded'])
    .whereRef('refunded_cents', '<', 'amount_cents')
    .orderBy('id')
    .execute();
}
