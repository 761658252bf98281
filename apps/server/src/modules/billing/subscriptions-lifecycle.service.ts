import type { z } from 'zod';
import type {
  SubscriptionChange,
  SubscriptionChanged,
  SubscriptionView,
} from '@monitor/contract/subscriptions';
import {
  chooseReactivationRoute,
  suspendSubscription,
} from '@monitor/domain/billing/subscription-status';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { SubscriptionsTable } from '../../platform/database/schema';
import { badRequest, notFound } from '../../platform/errors';
import { billingToday } from './billing-day';
import { pricePlanChange } from './plan-change-pricing';
import { withProcessor } from './payment-vault.service';
import { setCreditedFrom } from './subscription-charges.repository';
import {
  applyAndCharge,
  newCardIfSent,
  requireManagedSubscription,
  updateRecorded,
  type Access,
} from './subscriptions-change.service';
import { periodColumns, startFor, termsOf } from './subscriptions-plan';
import {
  currentOf,
  isInForce,
  requireBillingManager,
  SUBSCRIPTION_NOT_FOUND,
  viewFor,
} from './subscriptions.service';
import { findSubscriptionRowByToken } from './subscriptions.repository';

export { SUBSCRIPTION_CANCELLED, UPDATE_REFUSED } from './subscriptions-change.service';

export { PAYMENT_IN_PROGRESS } from './plan-change-pricing';

/**
 * Changes a subscription's plan (accounts-devices-billing §4–§5, decision 054): not while a
 * seasonal one is in season, nor while a charge of it is in flight (409); the new plan starts by
 * its start rules against the current one, as a new term (its charges apart from the old plan's,
 * even on the same start day); the old plan's paid days that the new period covers are credited,
 * prorated by days per month, off the new plan's charges; the pucks' part of the monthly amount
 * stays; a nonce brings a new card. When the new period has begun it is charged at once. The
 * audit log records the change (`billing.plan-change`).
 */
export async function changeSubscription(
  ctx: AppContext,
  access: Access & { input: SubscriptionChange },
): Promise<z.infer<typeof SubscriptionChanged>> {
  const { user, row, option, start, credit, marks, undoMarks, period } = await pricePlanChange(
    ctx,
    access,
  );
  const card = await newCardIfSent(ctx, user, row, access.input);
  const changed = await applyAndCharge(
    ctx,
    row,
    {
      ...period,
      status: 'Active',
      term: row.term + 1,
      credit_cents: row.credit_cents + credit,
      failed_attempts: 0,
      next_attempt_at: null,
    },
    card,
    {
      action: 'billing.plan-change',
      actorId: access.actorId ?? access.callerId,
      expectTerm: row.term,
      alongside: {
        apply: (trx) => setCreditedFrom(trx, marks),
        undo: (trx) => setCreditedFrom(trx, undoMarks),
      },
      detail: {
        from: planOf(row),
        to: { ...planOf(period), optionId: option.id },
        start,
        firstBillingDate: period.next_billing_date,
        creditCents: credit,
        term: row.term + 1,
      },
    },
  );
  return { ...viewFor(ctx, user, changed), Credit: (credit / 100).toFixed(2) };
}

/** A plan as the audit log names it: its type and amounts (monthly, per period). */
function planOf(row: {
  plan_type: string;
  billing_amount_cents: number;
  billing_frequency: number;
}) {
  return {
    planType: row.plan_type,
    monthlyCents: row.billing_amount_cents,
    billingFrequency: row.billing_frequency,
    periodCents: row.billing_amount_cents * row.billing_frequency,
  };
}

/**
 * Suspends a subscription (accounts-devices-billing §4): inactive, running out on its next billing
 * date, billed no more. Suspending a suspended one answers it as it is.
 */
export async function suspendOwnSubscription(
  ctx: AppContext,
  access: Access,
): Promise<SubscriptionView> {
  const { user, row } = await requireManagedSubscription(ctx, access);
  if (!isInForce(row)) return viewFor(ctx, user, row);
  const suspended = suspendSubscription({
    isActive: true,
    isPending: false,
    status: row.status,
    expirationDate: row.expiration_date as IsoDate | null,
    nextBillingDate: row.next_billing_date as IsoDate | null,
  });
  const changed = await updateRecorded(
    ctx,
    row,
    { status: 'Suspended', expiration_date: suspended.expirationDate, next_attempt_at: null },
    {
      action: 'billing.suspend',
      actorId: access.actorId ?? access.callerId,
      expectTerm: row.term,
      detail: { status: row.status, expirationDate: suspended.expirationDate },
    },
  );
  if (!changed) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return viewFor(ctx, user, changed);
}

/**
 * Reactivates a suspended subscription (accounts-devices-billing §4, card-vault variant): while
 * its paid service runs (expiration ahead) it resumes billing on its next billing date, with the
 * new card when a nonce comes; once expired it starts anew by its plan's start rules and, when that
 * start is today, is charged at once. One in force answers as it is.
 */
export async function reactivateOwnSubscription(
  ctx: AppContext,
  access: Access & {
    input: { PaymentNonce?: string | null | undefined; DeviceData?: string | null | undefined };
  },
): Promise<SubscriptionView> {
  const { user, row } = await requireManagedSubscription(ctx, access);
  if (isInForce(row)) return viewFor(ctx, user, row);
  const today = billingToday(ctx);
  const route = chooseReactivationRoute({
    expirationDate: row.expiration_date as IsoDate | null,
    today,
  });
  const { input } = access;
  if (row.payment_kind === 'card' && !row.payment_method_token && !input.PaymentNonce) {
    throw badRequest('PaymentNonce is required.');
  }
  // The paid service's end stays: the next charge moves it (the billing run).
  let values: Updateable<SubscriptionsTable> = { status: 'Active' };
  if (route === 'changeSubscription') {
    const terms = termsOf(row);
    const start = startFor({
      option: terms,
      requested: null,
      current: { ...currentOf(row), isActive: false },
      isNewDevice: false,
      today,
    });
    // Started anew: a new term, as a plan change (decision 054); the pucks' part stays.
    values = {
      ...values,
      ...periodColumns(terms, start, { puckMonthlyCents: row.puck_monthly_cents }),
      term: row.term + 1,
    };
  }
  const card = await newCardIfSent(ctx, user, row, input);
  const reactivated = await applyAndCharge(ctx, row, values, card, {
    action: 'billing.reactivate',
    actorId: access.actorId ?? access.callerId,
    expectTerm: row.term,
    detail: {
      restarted: route === 'changeSubscription',
      startDate: values.start_date ?? row.start_date,
      nextBillingDate: values.next_billing_date ?? row.next_billing_date,
      newCard: card !== null,
    },
  });
  return viewFor(ctx, user, reactivated);
}

/** GET getPaymentNonce/?subscriptionToken: a nonce for the caller's vaulted card (§7). */
export async function getPaymentNonce(
  ctx: AppContext,
  { callerId, token }: { callerId: number; token: string },
): Promise<{ PaymentNonce: string }> {
  await requireBillingManager(ctx, callerId);
  const row = await findSubscriptionRowByToken(ctx.db, callerId, token);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return { PaymentNonce: await withProcessor(() => ctx.payments.createNonceForCard(token)) };
}
