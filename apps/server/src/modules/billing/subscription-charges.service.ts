import { addMonths, type IsoDate } from '@monitor/domain/shared/calendar-date';
import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import type { AppContext } from '../../context';
import type { ChargesTable } from '../../platform/database/schema';
import type { Selectable } from 'kysely';
import { billingToday } from './billing-day';
import { findSubscriptionRow, updateSubscription } from './subscriptions.repository';

// STAND-IN of the billing run's charge (branch h13-billingrun owns this file): the same export,
// kept minimal so the subscription calls can be built and tested before that branch is merged.
// The merge takes the billing run's file in place of this one.

type ChargeRow = Selectable<ChargesTable>;
export type ChargeOutcome =
  | { kind: 'charged' | 'alreadyCharged'; charge: ChargeRow }
  | { kind: 'declined'; errors: PaymentProcessorError[] }
  | { kind: 'notDue' };

export async function chargeSubscriptionPeriod(
  ctx: AppContext,
  { subscriptionId }: { subscriptionId: number },
): Promise<ChargeOutcome> {
  const row = await findSubscriptionRow(ctx.db, subscriptionId);
  const periodStart = row?.next_billing_date as IsoDate | null | undefined;
  if (!row || !periodStart || periodStart > billingToday(ctx)) return { kind: 'notDue' };
  const chargeKey = `subscription-${row.id}-${periodStart}`;
  const done = await ctx.db
    .selectFrom('charges')
    .selectAll()
    .where('charge_key', '=', chargeKey)
    .executeTakeFirst();
  if (done?.status === 'succeeded') return { kind: 'alreadyCharged', charge: done };
  const subtotal = Math.max(
    0,
    row.billing_amount_cents * row.billing_frequency - row.first_charge_discount_cents,
  );
  // A period promoted free costs nothing: nothing is sent to the processor.
  const sale =
    subtotal === 0
      ? ({ ok: true, value: { id: null } } as const)
      : await ctx.payments.sale({
          amountCents: subtotal,
          orderId: chargeKey,
          paymentMethodToken: row.payment_method_token ?? undefined,
          customerId: row.customer_id,
        });
  if (!sale.ok) {
    await updateSubscription(ctx.db, row.id, { status: 'PastDue' });
    return { kind: 'declined', errors: sale.errors };
  }
  const months = row.plan_type === 'Seasonal' ? 12 : row.billing_frequency;
  const charge = await ctx.db
    .insertInto('charges')
    .values({
      charge_key: chargeKey,
      user_id: row.user_id,
      subscription_id: row.id,
      kind: 'subscription',
      period_start: periodStart,
      period_end: addMonths(periodStart, months),
      subtotal_cents: subtotal,
      amount_cents: subtotal,
      status: 'succeeded',
      processor_transaction_id: sale.value.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await updateSubscription(ctx.db, row.id, {
    last_payment_date: periodStart,
    next_billing_date: addMonths(periodStart, months),
    first_charge_discount_cents: 0,
  });
  return { kind: 'charged', charge };
}
