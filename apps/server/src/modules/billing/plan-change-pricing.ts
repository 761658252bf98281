import type { z } from 'zod';
import type { PlanChangePreview, SubscriptionChange } from '@monitor/contract/subscriptions';
import {
  computePeriodCharge,
  computePlanChangeCredit,
} from '@monitor/domain/billing/subscription-charges';
import {
  canModifySeasonalSubscription,
  SUBSCRIPTION_START_MESSAGES,
} from '@monitor/domain/billing/subscription-start';
import { cents } from '@monitor/domain/shared/money';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../platform/errors';
import { findUserDeviceRow } from '../devices/user-devices.repository';
import { billingToday } from './billing-day';
import {
  findCreditablePeriods,
  hasPendingCharge,
  type CreditMark,
} from './subscription-charges.repository';
import { requireManagedSubscription, type Access } from './subscriptions-change.service';
import { periodColumns, requirePlanFor, startFor } from './subscriptions-plan';
import { toAmount } from './subscription-options.service';
import { currentOf, seasonStartOf } from './subscriptions.service';
import type { SubscriptionRow } from './subscriptions.repository';

/** Wording ours: a plan is not changed while a payment of it is in flight (decision 054). */
export const PAYMENT_IN_PROGRESS =
  'A payment for this subscription is in progress. Please try again in a few minutes.';

/**
 * A plan change worked out, not yet written (accounts-devices-billing §4–§5, decision 054): the
 * change and its preview both take it from here, so what the owner is shown before confirming is
 * what the change does. Refuses as the change refuses: a seasonal plan in season, a charge in
 * flight (409: the credit reads the paid periods, and a pending one's outcome is unknown).
 */
export async function pricePlanChange(
  ctx: AppContext,
  access: Access & { input: Pick<SubscriptionChange, 'billingPlan'> },
) {
  const { user, row } = await requireManagedSubscription(ctx, access);
  const today = billingToday(ctx);
  if (
    row.plan_type === 'Seasonal' &&
    !canModifySeasonalSubscription({
      startDate: seasonStartOf(row),
      billingFrequency: row.billing_frequency,
      today,
    })
  ) {
    throw badRequest(SUBSCRIPTION_START_MESSAGES.seasonInProgress);
  }
  const userDevice = row.user_device_id
    ? await findUserDeviceRow(ctx.db, row.user_device_id)
    : undefined;
  if (!userDevice) throw badRequest('This subscription has no device.');
  const { billingPlan } = access.input;
  const option = await requirePlanFor(ctx, userDevice, billingPlan);
  const start = startFor({
    option,
    requested: billingPlan.StartDate,
    current: currentOf(row),
    isNewDevice: false,
    today,
  });
  if (await hasPendingCharge(ctx.db, row.id, 'subscription')) throw conflict(PAYMENT_IN_PROGRESS);
  const { credit, marks, undoMarks } = await planChangeCredit(ctx, row, start);
  const period = periodColumns(option, start, { puckMonthlyCents: row.puck_monthly_cents });
  return { user, row, option, start, credit, marks, undoMarks, period, today };
}

/**
 * The plan change the owner is about to confirm, priced by `pricePlanChange` as the change is:
 * nothing is written, nothing charged. The first period's amount is `computePeriodCharge` on the
 * columns the change would write (the credit added to any not yet spent), as its charge will be.
 */
export async function previewPlanChange(
  ctx: AppContext,
  access: Access & { input: Pick<SubscriptionChange, 'billingPlan'> },
): Promise<z.infer<typeof PlanChangePreview>> {
  const { row, start, credit, period, today } = await pricePlanChange(ctx, access);
  const firstCharge = computePeriodCharge({
    monthlyAmount: cents(period.billing_amount_cents),
    billingFrequency: period.billing_frequency,
    discount: cents(period.first_charge_discount_cents),
    credit: cents(row.credit_cents + credit),
  });
  return {
    CurrentPlanType: row.plan_type,
    CurrentBillingAmount: toAmount(row.billing_amount_cents),
    CurrentBillingFrequency: row.billing_frequency,
    PlanType: period.plan_type,
    BillingAmount: toAmount(period.billing_amount_cents),
    BillingFrequency: period.billing_frequency,
    StartDate: start,
    FirstBillingDate: period.next_billing_date,
    IsChargedNow: period.next_billing_date <= today,
    Credit: toAmount(credit),
    FirstChargeSubtotal: toAmount(firstCharge.subtotal),
  };
}

/**
 * The credit of a plan change starting on `start` (decision 054, accounts-devices-billing §9
 * "prorated by days per month"): for each billed period of the subscription (charged or invoiced,
 * any term), its days from `start` on not credited before, valued at what it was billed
 * (`computePlanChangeCredit`);
 * and the marks that credit those days away, so no later change credits them again.
 */
async function planChangeCredit(
  ctx: AppContext,
  row: SubscriptionRow,
  start: IsoDate,
): Promise<{ credit: number; marks: CreditMark[]; undoMarks: CreditMark[] }> {
  const periods = await findCreditablePeriods(ctx.db, { subscriptionId: row.id, from: start });
  let credit = 0;
  const marks: CreditMark[] = [];
  const undoMarks: CreditMark[] = [];
  for (const period of periods) {
    const periodCredit = computePlanChangeCredit({
      paidPeriod: {
        start: period.start as IsoDate,
        end: period.end as IsoDate,
        paid: cents(period.paidCents),
        creditedFrom: period.creditedFrom as IsoDate | null,
      },
      newStart: start,
    });
    if (periodCredit === 0) continue;
    credit += periodCredit;
    const { source, id } = period;
    marks.push({ source, id, creditedFrom: start > period.start ? start : period.start });
    undoMarks.push({ source, id, creditedFrom: period.creditedFrom });
  }
  return { credit, marks, undoMarks };
}
