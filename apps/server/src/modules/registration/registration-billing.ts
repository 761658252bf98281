import type { PaymentProcessor } from '../../adapters/payments/payment-processor';
import type { AppContext } from '../../context';
import { findSubscriptionRowByKey, updateSubscription } from '../billing/subscriptions.repository';
import {
  findChargesToReturn,
  insertCharge,
  isCardInUse,
  updateCharge,
} from './registration-billing.repository';

/*
 * Undoing step 4 of a registration (decision 037): the subscription the subscriptions service
 * saved (modules/billing, `saveSubscription`) is found by its key, its money returned, the
 * subscription cancelled and a card vaulted for it deleted unless something else pays with it.
 */

/** Undoes the subscription saved under `idempotencyKey`, if one was; nothing when none was. */
export async function undoSubscriptionByKey(
  ctx: AppContext,
  idempotencyKey: string,
): Promise<void> {
  const row = await findSubscriptionRowByKey(ctx.db, idempotencyKey);
  if (!row) return;
  await returnCharges(ctx, row.id);
  await updateSubscription(ctx.db, row.id, { status: 'Cancelled', next_attempt_at: null });
  const token = row.payment_method_token;
  if (token && !(await isCardInUse(ctx.db, token))) await ctx.payments.deleteCard(token);
}

/**
 * Refunds every charge of a subscription that took money, or whose outcome was unknown and turns
 * out to have (the processor voids one not yet settled), and records the refunds. Throws when the
 * processor refuses one, so the registration keeps an undo error for staff.
 */
async function returnCharges(ctx: AppContext, subscriptionId: number): Promise<void> {
  const payments = ctx.payments;
  for (const charge of await findChargesToReturn(ctx.db, subscriptionId)) {
    const transactionId =
      charge.status === 'succeeded'
        ? charge.processor_transaction_id
        : await findSettlingTransaction(payments, charge.charge_key);
    if (!transactionId) {
      await updateCharge(ctx.db, charge.id, { status: 'declined', settled_at: ctx.now() });
      continue;
    }
    const refund = await payments.refund({ transactionId });
    if (!refund.ok)
      throw new Error(`refund of charge ${charge.id} refused: ${refund.providerDetail ?? ''}`);
    await insertCharge(ctx.db, {
      charge_key: `${charge.charge_key}-refund`,
      user_id: charge.user_id,
      subscription_id: charge.subscription_id,
      kind: 'refund',
      subtotal_cents: charge.amount_cents,
      amount_cents: charge.amount_cents,
      status: 'succeeded',
      processor_transaction_id: refund.value.id,
      refund_of_charge_id: charge.id,
      settled_at: ctx.now(),
    });
    await updateCharge(ctx.db, charge.id, {
      status: 'refunded',
      refunded_cents: charge.amount_cents,
    });
  }
}

/** A charge whose answer was lost: the processor's transaction if it took the money. */
async function findSettlingTransaction(
  payments: PaymentProcessor,
  orderId: string,
): Promise<string | null> {
  const transaction = await payments.findTransactionByOrderId(orderId);
  const tookMoney =
    transaction?.status === 'submitted_for_settlement' || transaction?.status === 'settled';
  return tookMoney ? transaction.id : null;
}
