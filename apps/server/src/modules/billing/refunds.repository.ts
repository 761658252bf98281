import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { chargeColumns, type ChargeRow } from './subscription-charges.repository';

/** The charge to refund, locked so two refunds cannot both take what is left of it. */
export async function lockRefundableCharge(
  trx: Transaction<DB>,
  chargeId: number,
): Promise<ChargeRow | undefined> {
  return trx
    .selectFrom('charges')
    .select(chargeColumns)
    .where('id', '=', chargeId)
    .forUpdate()
    .$castTo<ChargeRow>()
    .executeTakeFirst();
}

export async function countRefunds(db: Kysely<DB>, chargeId: number): Promise<number> {
  const row = await db
    .selectFrom('charges')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('refund_of_charge_id', '=', chargeId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Moves `cents` onto (or, negative, back off) a charge's refunded amount, and its status with it. */
export async function addRefunded(db: Kysely<DB>, chargeId: number, cents: number): Promise<void> {
  await db
    .updateTable('charges')
    .set({
      refunded_cents: sql`refunded_cents + ${cents}`,
      status: sql`CASE WHEN refunded_cents + ${cents} >= amount_cents THEN 'refunded' ELSE 'succeeded' END`,
    })
    .where('id', '=', chargeId)
    .execute();
}
