import type { PaymentProcessor } from '../../adapters/payments/payment-processor';
import type { AppContext } from '../../context';
import { findSubscriptionRowByKey, updateSubscription } from '../billing/subscriptions.repository';
import { refundCharge } from '../billing/refunds.service';
import { findChargesToReturn, isCardInUse, updateCharge } from './registration-billing.repository';

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
 * Refunds every charge of a subscription that took money (the billing run's `refundCharge`; the
 * processor voids one not yet settled). A charge whose answer was lost is first settled from the
 * processor's record of its order id: refunded if it took money, declined if not. Throws when the
 * processor refuses a refund, so the registration keeps an undo error for staff.
 */
async function returnCharges(ctx: AppContext, subscriptionId: number): Promise<void> {
  for (const charge of await findChargesToReturn(ctx.db, subscriptionId)) {
    if (charge.status === 'pending') {
      const transactionId = await findSettlingTransaction(ctx.payments, charge.charge_key);
      await updateCharge(ctx.db, charge.id, {
        status: transactionId ? 'succeeded' : 'declined',
        processor_transaction_id: transactionId,
        settled_at: ctx.now(),
      });
      if (!transactionId) continue;
    }
    const outcome = await refundCharge(ctx, { chargeId: charge.id });
    if (outcome.kind === 'refused')
      throw new Error(`refund of charge ${charge.id} refused: ${outcome.message}`);
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
