import { sql } from 'kysely';
import type { AppContext } from '../../context';
import {
  chargeColumns,
  subscriptionColumns,
  type ChargeRow,
  type SubscriptionRow,
} from './subscription-charges.repository';

export type UserBilling = {
  user: { id: number; email: string };
  subscriptions: SubscriptionRow[];
  charges: ChargeRow[];
};

/** A user's subscriptions and charges, for the operator (`list-billing`); undefined for no such user. */
export async function listUserBilling(
  ctx: AppContext,
  user: { email: string } | { id: number },
): Promise<UserBilling | undefined> {
  const found = await ctx.db
    .selectFrom('users')
    .select(['id', 'email_address'])
    .$if('email' in user, (qb) =>
      qb.where(sql`lower(email_address)`, '=', ('email' in user ? user.email : '').toLowerCase()),
    )
    .$if('id' in user, (qb) => qb.where('id', '=', 'id' in user ? user.id : 0))
    .executeTakeFirst();
  if (!found) return undefined;
  const [subscriptions, charges] = await Promise.all([
    ctx.db
      .selectFrom('subscriptions')
      .select(subscriptionColumns('subscriptions'))
      .where('user_id', '=', found.id)
      .orderBy('id')
      .$castTo<SubscriptionRow>()
      .execute(),
    ctx.db
      .selectFrom('charges')
      .select(chargeColumns)
      .where('user_id', '=', found.id)
      .orderBy('id')
      .$castTo<ChargeRow>()
      .execute(),
  ]);
  return { user: { id: found.id, email: found.email_address }, subscriptions, charges };
}
