import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SubscriptionOptionsTable } from '../../platform/database/schema';

export type SubscriptionOptionRow = Selectable<SubscriptionOptionsTable>;

/** A tenant's plans, ordinary or pro, oldest first (the picker's order is the domain's). */
export function findSubscriptionOptionRows(
  db: Kysely<DB>,
  tenantId: number,
  { isPro }: { isPro?: boolean } = {},
): Promise<SubscriptionOptionRow[]> {
  let query = db.selectFrom('subscription_options').selectAll().where('tenant_id', '=', tenantId);
  if (isPro !== undefined) query = query.where('is_pro', '=', isPro);
  return query.orderBy('id').execute();
}

export function findAllSubscriptionOptionRows(db: Kysely<DB>): Promise<SubscriptionOptionRow[]> {
  return db
    .selectFrom('subscription_options')
    .selectAll()
    .orderBy('tenant_id')
    .orderBy('id')
    .execute();
}

export function findSubscriptionOptionRow(
  db: Kysely<DB>,
  id: number,
): Promise<SubscriptionOptionRow | undefined> {
  return db.selectFrom('subscription_options').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateSubscriptionOption(
  db: Kysely<DB>,
  id: number,
  values: Updateable<SubscriptionOptionsTable>,
): Promise<SubscriptionOptionRow | undefined> {
  return db
    .updateTable('subscription_options')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
