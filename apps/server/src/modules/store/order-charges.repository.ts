import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { chargeColumns, type ChargeRow } from '../billing/subscription-charges.repository';

/** The charge key of an order: the processor's order id, one per Idempotency-Key (decision 044). */
export const orderChargeKey = (idempotencyKey: string) => `order:${idempotencyKey}`;

/**
 * Takes over a pending order charge the processor never made (a lost process), with this submit's
 * amounts: only one of two submits racing for it gets it (the `created_at` it was read with).
 */
export function reclaimPendingCharge(
  db: Kysely<DB>,
  charge: Pick<ChargeRow, 'id' | 'created_at'>,
  values: { subtotal_cents: number; tax_cents: number; amount_cents: number; created_at: Date },
): Promise<ChargeRow | undefined> {
  return db
    .updateTable('charges')
    .set({
      subtotal_cents: values.subtotal_cents,
      tax_cents: values.tax_cents,
      amount_cents: values.amount_cents,
      // created_at is insert-only in the schema's types; here it marks who holds the charge now.
      created_at: sql<never>`${values.created_at}`,
    })
    .where('id', '=', charge.id)
    .where('status', '=', 'pending')
    .where('created_at', '=', charge.created_at)
    .returning(chargeColumns)
    .$castTo<ChargeRow>()
    .executeTakeFirst();
}

/** The paid charge of an order (kind 'order'), for a refund. */
export function findOrderCharge(db: Kysely<DB>, orderId: number): Promise<ChargeRow | undefined> {
  return db
    .selectFrom('charges')
    .select(chargeColumns)
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order')
    .$castTo<ChargeRow>()
    .executeTakeFirst();
}
