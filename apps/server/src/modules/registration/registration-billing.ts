import type { RegistrationSubscription } from '@monitor/contract/registration';
import { derivePlanTenant } from '@monitor/domain/billing/plan-tenant';
import {
  computeSeasonalEndDate,
  computeSeasonalStartRange,
} from '@monitor/domain/billing/subscription-start';
import { computePlanSubtotal } from '@monitor/domain/billing/subscriptions';
import {
  addMonths,
  isWithinRange,
  parseIsoDate,
  toIsoDate,
  type IsoDate,
} from '@monitor/domain/shared/calendar-date';
import { cents } from '@monitor/domain/shared/money';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/messages';
import type {
  CardBillingAddress,
  PaymentProcessor,
  PaymentRefusal,
} from '../../adapters/payments/payment-processor';
import type { AppContext } from '../../context';
import { AppError, badRequest, paymentRefused } from '../../platform/errors';
import type { UserRow } from '../accounts/users.repository';
import type { DeviceRow } from '../devices/device-lookup.repository';
import {
  cancelSubscriptionRow,
  findChargesToReturn,
  findSubscriptionOption,
  insertCharge,
  insertSubscription,
  isCardInUse,
  setUserCustomerId,
  updateCharge,
  type SubscriptionOptionRow,
} from './registration-billing.repository';

/** What step 4 made, and what undoing it needs. */
export type SubscriptionMade = {
  subscriptionId: number;
  customerId: string | null;
  paymentMethodToken: string | null;
  /** The card this call vaulted: deleted on undo unless a subscription in force uses it. */
  vaultedCardToken: string | null;
};

/** How a card subscription is paid: a nonce from the card fields, or a card vaulted earlier in the same call. */
export type RegistrationPayment =
  | { nonce: string; deviceData: string | null; billingAddress: CardBillingAddress }
  | { paymentMethodToken: string; customerId: string };

/** The processor could not complete step 4: the §8 alert for it (the new device is removed). */
export const subscriptionFailed = (status = 502) =>
  new AppError(status, ACCOUNT_ALERT_MESSAGES.createSubscriptionFailed);

const refused = (refusal: PaymentRefusal) =>
  paymentRefused(ACCOUNT_ALERT_MESSAGES.createSubscriptionFailed, refusal.errors);

/**
 * The plan chosen for a device: it must exist, be selectable, and belong to the device's plan
 * tenant (accounts-devices-billing §4 "Alternative reading for plan tenant").
 */
export async function requirePlanForDevice(
  ctx: AppContext,
  { optionId, device }: { optionId: number; device: DeviceRow },
): Promise<SubscriptionOptionRow> {
  const option = await findSubscriptionOption(ctx.db, optionId);
  const planTenant = derivePlanTenant({
    deviceType: device.device_type,
    serverTenantId: device.tenant_id,
    isProUser: false,
    code: null,
  });
  if (!option || !option.is_selectable || option.tenant_id !== planTenant)
    throw badRequest('Subscription.billingPlan.Id: this plan is not offered for this device.');
  return option;
}

/**
 * When a new device's subscription starts: today, or for a seasonal plan the start picked within
 * 6 months back and 9 ahead (accounts-devices-billing §5); a seasonal one ends start plus its
 * months less a day (§4).
 */
export function chooseNewDeviceStart(
  option: SubscriptionOptionRow,
  plan: RegistrationSubscription['billingPlan'],
  today: IsoDate,
): { startDate: IsoDate; endDate: IsoDate | null } {
  if (option.plan_type !== 'Seasonal') return { startDate: today, endDate: null };
  const picked = parseIsoDate(plan.StartDate) ?? today;
  if (!isWithinRange(picked, computeSeasonalStartRange({ today, isNewDevice: true })))
    throw badRequest(
      'Subscription.billingPlan.StartDate: pick a start from 6 months back to 9 months ahead.',
    );
  return { startDate: picked, endDate: computeSeasonalEndDate(picked, option.billing_frequency) };
}

/**
 * Step 4 for billed types 6, 7, 8 (accounts-devices-billing §4): an invoice subscription, no card;
 * the billing run invoices the AP contact as periods fall due.
 */
export async function createInvoiceSubscription(
  ctx: AppContext,
  input: {
    userId: number;
    userDeviceId: number;
    option: SubscriptionOptionRow;
    plan: RegistrationSubscription['billingPlan'];
    idempotencyKey: string;
  },
): Promise<SubscriptionMade> {
  const { option } = input;
  const { startDate, endDate } = chooseNewDeviceStart(option, input.plan, toIsoDate(ctx.now()));
  const row = await insertSubscription(ctx.db, {
    user_id: input.userId,
    user_device_id: input.userDeviceId,
    subscription_option_id: option.id,
    plan_type: option.plan_type,
    billing_amount_cents: option.billing_amount_cents,
    billing_frequency: option.billing_frequency,
    payment_kind: 'invoice',
    status: 'Active',
    start_date: startDate,
    end_date: endDate,
    next_billing_date: startDate,
    idempotency_key: input.idempotencyKey,
  });
  return {
    subscriptionId: row.id,
    customerId: null,
    paymentMethodToken: null,
    vaultedCardToken: null,
  };
}

/** The user's vault customer, created on their first card (its id kept on the user, §3 "CustomerId"). */
async function ensureCustomer(
  ctx: AppContext,
  payments: PaymentProcessor,
  user: UserRow,
): Promise<string> {
  if (user.customer_id) return user.customer_id;
  const { customerId } = await payments.createCustomer({
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email_address,
  });
  await setUserCustomerId(ctx.db, user.id, customerId);
  return customerId;
}

/**
 * Step 4 for card-payment types (accounts-devices-billing §4): the card vaulted (verified by the
 * issuer first, so a card that would decline is refused before anything is charged), the
 * subscription saved, and a period starting today charged at once. The charge's key is derived from
 * the subscription's, which is unique, so the period is charged once.
 */
export async function createCardSubscription(
  ctx: AppContext,
  payments: PaymentProcessor,
  input: {
    user: UserRow;
    userDeviceId: number;
    option: SubscriptionOptionRow;
    plan: RegistrationSubscription['billingPlan'];
    payment: RegistrationPayment;
    idempotencyKey: string;
    /** Told each thing made before the next outside call, so a failure part-way is undone too. */
    onProgress: {
      cardVaulted: (token: string) => void;
      subscriptionSaved: (made: SubscriptionMade) => void;
    };
  },
): Promise<SubscriptionMade> {
  const { option, payment } = input;
  const today = toIsoDate(ctx.now());
  const { startDate, endDate } = chooseNewDeviceStart(option, input.plan, today);
  let customerId: string;
  let token: string;
  let vaultedCardToken: string | null = null;
  let card: { type: string; last4: string; month: number; year: number } | null = null;
  if ('nonce' in payment) {
    customerId = await ensureCustomer(ctx, payments, input.user);
    const vaulted = await payments.vaultCard({
      customerId,
      nonce: payment.nonce,
      billingAddress: payment.billingAddress,
      deviceData: payment.deviceData,
    });
    if (!vaulted.ok) throw refused(vaulted);
    token = vaulted.value.token;
    vaultedCardToken = token;
    input.onProgress.cardVaulted(token);
    card = {
      type: vaulted.value.cardType,
      last4: vaulted.value.last4,
      month: vaulted.value.expirationMonth,
      year: vaulted.value.expirationYear,
    };
  } else {
    ({ customerId, paymentMethodToken: token } = payment);
    const found = await payments.findCard(token);
    if (found)
      card = {
        type: found.cardType,
        last4: found.last4,
        month: found.expirationMonth,
        year: found.expirationYear,
      };
  }
  const chargesNow = startDate <= today;
  const subscription = await insertSubscription(ctx.db, {
    user_id: input.user.id,
    user_device_id: input.userDeviceId,
    subscription_option_id: option.id,
    plan_type: option.plan_type,
    billing_amount_cents: option.billing_amount_cents,
    billing_frequency: option.billing_frequency,
    payment_kind: 'card',
    status: 'Active',
    customer_id: customerId,
    payment_method_token: token,
    card_type: card?.type ?? null,
    card_last4: card?.last4 ?? null,
    card_expiration_month: card?.month ?? null,
    card_expiration_year: card?.year ?? null,
    start_date: startDate,
    end_date: endDate,
    next_billing_date: chargesNow ? addMonths(startDate, option.billing_frequency) : startDate,
    last_payment_date: chargesNow ? today : null,
    idempotency_key: input.idempotencyKey,
  });
  const made: SubscriptionMade = {
    subscriptionId: subscription.id,
    customerId,
    paymentMethodToken: token,
    vaultedCardToken,
  };
  input.onProgress.subscriptionSaved(made);
  if (chargesNow)
    await chargeFirstPeriod(ctx, payments, { made, option, startDate, userId: input.user.id });
  return made;
}

async function chargeFirstPeriod(
  ctx: AppContext,
  payments: PaymentProcessor,
  {
    made,
    option,
    startDate,
    userId,
  }: { made: SubscriptionMade; option: SubscriptionOptionRow; startDate: IsoDate; userId: number },
): Promise<void> {
  const amount = computePlanSubtotal({
    billingAmount: cents(option.billing_amount_cents),
    billingFrequency: option.billing_frequency,
  });
  const charge = await insertCharge(ctx.db, {
    charge_key: `subscription-${made.subscriptionId}-${startDate}-1`,
    user_id: userId,
    subscription_id: made.subscriptionId,
    kind: 'subscription',
    period_start: startDate,
    period_end: addMonths(startDate, option.billing_frequency),
    subtotal_cents: amount,
    amount_cents: amount,
    status: 'pending',
  });
  const sale = await payments.sale({
    amountCents: amount,
    orderId: charge.charge_key,
    paymentMethodToken: made.paymentMethodToken ?? undefined,
    customerId: made.customerId,
  });
  if (!sale.ok) {
    await updateCharge(ctx.db, charge.id, {
      status: 'declined',
      processor_code: String(sale.errors[0]?.code ?? ''),
      processor_message: sale.errors[0]?.message ?? null,
      settled_at: ctx.now(),
    });
    throw refused(sale);
  }
  await updateCharge(ctx.db, charge.id, {
    status: 'succeeded',
    processor_transaction_id: sale.value.id,
    card_type: sale.value.cardType,
    card_last4: sale.value.last4,
    settled_at: ctx.now(),
  });
}

/**
 * Undoes step 4's subscription (decision 037): every charge that took money, or whose outcome is
 * unknown and turns out to have, is refunded (the processor voids one not yet settled) and
 * recorded, and the subscription is cancelled. Throws when the processor refuses a refund, so
 * staff are told.
 */
export async function undoSubscription(
  ctx: AppContext,
  payments: PaymentProcessor,
  subscriptionId: number,
): Promise<void> {
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
  await cancelSubscriptionRow(ctx.db, subscriptionId, ctx.now());
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

/** Deletes a card vaulted by a call that failed, unless a subscription in force pays with it. */
export async function deleteCardIfUnused(
  ctx: AppContext,
  payments: PaymentProcessor,
  token: string,
): Promise<void> {
  if (!(await isCardInUse(ctx.db, token))) await payments.deleteCard(token);
}
