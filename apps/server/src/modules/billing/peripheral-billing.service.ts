import { PUCK_MONTHLY_CENTS, PUCK_UPFRONT_CENTS } from '@monitor/domain/billing/puck-charges';
import { centsToDollars, cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../../context';
import { PaymentProcessorUnavailable } from '../../adapters/payments/payment-processor';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  paymentRefused,
} from '../../platform/errors';
import { requireUserDevice } from '../devices/device-access.service';
import { billPucksOf, grantPaidPucks, requirePucksToCharge } from '../entitlements/pucks.service';
import { countDevicePucks, findDeviceSubscription } from './peripheral-billing.repository';
import {
  findChargeByKey,
  hasPendingCharge,
  insertPendingCharge,
  settlePendingCharge,
} from './subscription-charges.repository';

const dollars = (amount: number) => centsToDollars(cents(amount));

/** Wording ours. */
export const PUCK_PAYMENT_MESSAGES = {
  noSubscription:
    'This device has no monitoring subscription: set one up on its Subscription page, then add the SPuck.',
  chargeInFlight: 'A payment for SPucks on this device is being made; try again in a moment.',
} as const;

/** The owner's user device, its unit checked against `deviceId` when given; sub-accounts get 403. */
async function requireOwnedUnit(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    deviceId,
  }: { callerId: number; userDeviceId: number; deviceId?: number },
) {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
  if (!access.isOwner) throw forbidden();
  if (deviceId !== undefined && access.row.device_id !== deviceId) {
    throw badRequest('deviceId: the unit is not the one of this user device.');
  }
  return access.row;
}

/** GET getPeripheralSubscriptionDetails/: the unit's subscription as its pucks bill it. */
export async function getPeripheralSubscriptionDetails(
  ctx: AppContext,
  input: { callerId: number; userDeviceId: number; deviceId?: number },
) {
  const unit = await requireOwnedUnit(ctx, input);
  const [subscription, pucks, awaiting] = await Promise.all([
    findDeviceSubscription(ctx.db, unit.id),
    countDevicePucks(ctx.db, unit.device_id),
    countDevicePucks(ctx.db, unit.device_id, { awaitingOnly: true }),
  ]);
  return {
    UserDeviceId: unit.id,
    SubscriptionId: subscription?.id ?? null,
    PlanType: subscription?.plan_type ?? null,
    BillingFrequency: subscription?.billing_frequency ?? null,
    NextBillingDate: subscription?.next_billing_date ?? null,
    PuckCount: pucks,
    PucksAwaitingPayment: awaiting,
    PuckMonthlyAmount: dollars(PUCK_MONTHLY_CENTS),
    PuckUpfrontAmount: dollars(PUCK_UPFRONT_CENTS),
    PlanMonthlyAmount: subscription ? dollars(planMonthlyCents(subscription)) : null,
    RecurringMonthlyAmount: subscription ? dollars(subscription.billing_amount_cents) : null,
  };
}

/** The plan's part of the monthly amount, as copied at creation: the whole less the pucks' part. */
function planMonthlyCents(subscription: {
  puck_monthly_cents: number;
  billing_amount_cents: number;
}): number {
  return subscription.billing_amount_cents - subscription.puck_monthly_cents;
}

/**
 * PUT updatePeripheralRecurringPayment/ and both recalculateRecurringPayment/ calls: the monthly
 * amount as the plan's plus each paid puck's, recomputed from scratch (the pucks' part is kept
 * apart, migration 015). Attaching, paying for and removing a puck already set it in their own
 * transactions (issue #22); these calls stay for the web app's flow and change nothing more.
 */
export async function recalculateRecurringPayment(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
) {
  const unit = await requireOwnedUnit(ctx, { callerId, userDeviceId });
  const subscription = await findDeviceSubscription(ctx.db, unit.id);
  if (!subscription) throw notFound('This device has no subscription.');
  const billed = await ctx.db
    .transaction()
    .execute((trx) =>
      billPucksOf(trx, { ownerRowId: unit.id, deviceId: unit.device_id }, ctx.now()),
    );
  const plan = planMonthlyCents(subscription);
  const monthly = plan + (billed?.puckCents ?? 0);
  return {
    SubscriptionId: subscription.id,
    PuckCount: billed?.paidPucks ?? 0,
    PlanMonthlyAmount: dollars(plan),
    RecurringMonthlyAmount: dollars(monthly),
    PeriodAmount: dollars(monthly * subscription.billing_frequency),
  };
}

/**
 * POST submitPeripheralUpfrontCharge/: a one-off charge for the unit's pucks awaiting payment
 * (exactly those, issue #22), by nonce or the unit's vaulted card, once per Idempotency-Key (the
 * charge's key and the processor's order id): a repeated submit answers the first one's charge.
 * The charge recorded, the pucks paid and the monthly amount raised commit together. A refusal is
 * a 400 with the processor's errors for the payment error filter; an unreachable processor a 503,
 * the charge left pending and the pucks still waiting.
 */
export async function submitPeripheralUpfrontCharge(
  ctx: AppContext,
  input: {
    callerId: number;
    userDeviceId: number;
    quantity: number;
    paymentNonce?: string;
    idempotencyKey: string;
  },
) {
  const unit = await requireOwnedUnit(ctx, input);
  const chargeKey = `upfront:${input.callerId}:${input.idempotencyKey}`;
  const answer = (charge: {
    id: number;
    amount_cents: number;
    status: string;
    processor_transaction_id: string | null;
  }) => ({
    ChargeId: charge.id,
    Amount: dollars(charge.amount_cents),
    Status: charge.status === 'pending' ? ('pending' as const) : ('succeeded' as const),
    TransactionId: charge.processor_transaction_id,
  });
  const earlier = await findChargeByKey(ctx.db, chargeKey);
  if (earlier) {
    if (earlier.status === 'declined') {
      throw paymentRefused(earlier.processor_message ?? 'The card was declined.', [
        { code: earlier.processor_code, message: earlier.processor_message },
      ]);
    }
    return answer(earlier);
  }
  const subscription = await findDeviceSubscription(ctx.db, unit.id);
  // A puck is billed monthly on the unit's subscription: without one it cannot be paid for.
  if (!subscription) throw conflict(PUCK_PAYMENT_MESSAGES.noSubscription);
  if (!input.paymentNonce && !subscription.payment_method_token) {
    throw badRequest('PaymentNonce: enter a card; this device has no card on file.');
  }
  // A charge whose answer is not in yet may have been made: a second one could charge twice.
  if (await hasPendingCharge(ctx.db, subscription.id, 'upfront'))
    throw conflict(PUCK_PAYMENT_MESSAGES.chargeInFlight);
  const quantity = await requirePucksToCharge(ctx.db, {
    deviceId: unit.device_id,
    requested: input.quantity,
  });
  const amount = quantity * PUCK_UPFRONT_CENTS;
  const pending = await insertPendingCharge(ctx.db, {
    charge_key: chargeKey,
    user_id: input.callerId,
    subscription_id: subscription.id,
    kind: 'upfront',
    subtotal_cents: amount,
    amount_cents: amount,
    status: 'pending',
    created_at: ctx.now(),
  });
  if (!pending) {
    const first = await findChargeByKey(ctx.db, chargeKey);
    if (first) return answer(first);
    throw new AppError(409, 'This charge is being made; try again in a moment.');
  }
  let sale;
  try {
    sale = await ctx.payments.sale({
      amountCents: amount,
      orderId: chargeKey,
      ...(input.paymentNonce
        ? { nonce: input.paymentNonce }
        : {
            paymentMethodToken: subscription.payment_method_token!,
            customerId: subscription.customer_id,
          }),
    });
  } catch (error) {
    if (error instanceof PaymentProcessorUnavailable) {
      throw new AppError(
        503,
        'The payment service is not available right now. Please try again later.',
      );
    }
    throw error;
  }
  if (!sale.ok) {
    const message = sale.errors.map((error) => error.message).join(' ') || 'The card was declined.';
    const code = sale.errors.find((error) => error.code !== undefined && error.code !== null)?.code;
    await settlePendingCharge(ctx.db, pending.id, {
      status: 'declined',
      processor_code: code === undefined || code === null ? null : String(code),
      processor_message: message.slice(0, 500),
      settled_at: ctx.now(),
    });
    throw paymentRefused(message, sale.errors);
  }
  const paid = await ctx.db.transaction().execute(async (trx) => {
    const settled = await settlePendingCharge(trx, pending.id, {
      status: 'succeeded',
      processor_transaction_id: sale.value.id,
      card_type: sale.value.cardType,
      card_last4: sale.value.last4,
      settled_at: ctx.now(),
    });
    await grantPaidPucks(trx, {
      ownerRowId: unit.id,
      deviceId: unit.device_id,
      userId: input.callerId,
      quantity,
      chargeId: pending.id,
      now: ctx.now(),
    });
    return settled;
  });
  return answer(paid ?? pending);
}
