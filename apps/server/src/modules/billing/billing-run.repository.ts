import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/**
 * A batch of the subscriptions the billing run has to look at, in id order after `afterId`:
 * Active ones due by `today` (a pending charge among them is settled by lookup), and PastDue ones
 * whose next dunning attempt has come (`subscriptions_due_idx`).
 */
export async function findDueSubscriptions(
  db: Kysely<DB>,
  { today, now, afterId, limit }: { today: string; now: Date; afterId: number; limit: number },
): Promise<{ id: number; payment_kind: 'card' | 'invoice' }[]> {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'payment_kind'])
    .where('next_billing_date', '<=', today)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'Active'),
        eb.and([
          eb('status', '=', 'PastDue'),
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
        ]),
      ]),
    )
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
