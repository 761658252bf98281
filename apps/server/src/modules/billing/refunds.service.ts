import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import { insertAuditEvents } from '../audit/audit.repository';
import { addRefunded, countRefunds, lockRefundableCharge } from './refunds.repository';
import {
  insertPendingCharge,
  settlePendingCharge,
  type ChargeRow,
} from './subscription-charges.repository';

export type RefundOutcome =
  { kind: 'refunded'; refund: ChargeRow; leftCents: number } | { kind: 'refused'; message: string };

/**
 * Returns all or part of a paid charge through the processor (decision 036), recorded as a
 * `refund` charge row pointing at it. What is left is reserved on the charge in the same
 * transaction as the refund's pending row, so refunds never add up to more than was charged;
 * a refusal gives the reservation back. An unknown outcome leaves the refund pending.
 */
export async function refundCharge(
  ctx: AppContext,
  { chargeId, amountCents }: { chargeId: number; amountCents?: number },
): Promise<RefundOutcome> {
  const reserved = await ctx.db.transaction().execute(async (trx) => {
    const charge = await lockRefundableCharge(trx, chargeId);
    if (!charge || charge.kind === 'refund') throw notFound(`No charge ${chargeId} to refund.`);
    if (charge.status !== 'succeeded' || !charge.processor_transaction_id) {
      throw conflict(`Charge ${chargeId} is ${charge.status}: only a paid charge can be refunded.`);
    }
    // Its days were given back as credit to a later plan (decision 054): refunding them too
    // would pay the same days back twice. Staff adjust the credit instead.
    if (charge.credited_from !== null) {
      throw conflict(
        `Charge ${chargeId} paid for days credited to a plan change from ${charge.credited_from}: they were given back as credit, so the charge cannot be refunded.`,
      );
    }
    const left = charge.amount_cents - charge.refunded_cents;
    const amount = amountCents ?? left;
    if (amount <= 0 || amount > left) {
      throw conflict(
        `Charge ${chargeId} has ${(left / 100).toFixed(2)} left to refund; ${(amount / 100).toFixed(2)} is not possible.`,
      );
    }
    const refund = await insertPendingCharge(trx, {
      charge_key: `refund:${charge.id}:${(await countRefunds(trx, charge.id)) + 1}`,
      user_id: charge.user_id,
      subscription_id: charge.subscription_id,
      kind: 'refund',
      subtotal_cents: amount,
      amount_cents: amount,
      status: 'pending',
      card_type: charge.card_type,
      card_last4: charge.card_last4,
      refund_of_charge_id: charge.id,
      created_at: ctx.now(),
    });
    if (!refund) throw conflict(`A refund of charge ${chargeId} is in progress.`);
    await addRefunded(trx, charge.id, amount);
    return { charge, refund, left: left - amount };
  });
  const { charge, refund } = reserved;
  const result = await ctx.payments.refund({
    transactionId: charge.processor_transaction_id!,
    ...(refund.amount_cents < charge.amount_cents && { amountCents: refund.amount_cents }),
  });
  if (!result.ok) {
    const message = result.errors.map((error) => error.message).join(' ');
    await ctx.db.transaction().execute(async (trx) => {
      await settlePendingCharge(trx, refund.id, {
        status: 'declined',
        processor_message: message,
        settled_at: ctx.now(),
      });
      await addRefunded(trx, charge.id, -refund.amount_cents);
    });
    return { kind: 'refused', message };
  }
  // The money moved: the refund and its audit entry are recorded together (issue #22).
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const row = await settlePendingCharge(trx, refund.id, {
      status: 'succeeded',
      processor_transaction_id: result.value.id,
      settled_at: ctx.now(),
    });
    await insertAuditEvents(trx, [
      {
        action: 'billing.refund',
        userId: charge.user_id,
        actorId: null,
        detail: { chargeId: charge.id, refundId: refund.id, amountCents: refund.amount_cents },
        at: ctx.now(),
      },
    ]);
    return row;
  });
  return { kind: 'refunded', refund: settled ?? refund, leftCents: reserved.left };
}
