import type { Kysely, Selectable } from 'kysely';
import type { BillingAddressesTable, DB } from '../schema';

export type BillingAddressRow = Selectable<BillingAddressesTable>;

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
