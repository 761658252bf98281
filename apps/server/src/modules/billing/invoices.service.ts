import {
  computePeriodCharge,
  type PeriodCharge,
} from '@monitor/domain/billing/subscription-charges';
import { addDays, type IsoDate } from '@monitor/domain/shared/calendar-date';
import { cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../../context';
import type { InvoiceLineJson } from '../../platform/database/schema';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { billingToday } from './billing-day';
import { buildInvoiceMail } from './mail/invoice.mail';
import { insertInvoice, lockInvoiceSubscription, setInvoiceDelivery } from './invoices.repository';
import {
  findChargeSubject,
  updateSubscriptionBilling,
  type ChargeSubject,
} from './subscription-charges.repository';
import {
  billedPeriodColumns,
  billingMailBase,
  billingPeriod,
  taxForSubscription,
} from './subscription-charges.service';

/** Invoices are due 30 days after they are issued (net 30, decision 036). */
export const INVOICE_NET_DAYS = 30;

export type InvoiceOutcome =
  { kind: 'invoiced'; invoiceNumber: string; totalCents: number } | { kind: 'notDue' };

/**
 * Invoices a billed (invoice) subscription's period starting at its next billing date once that
 * day has come: one invoice per subscription, plan (term) and period (its unique index, and the
 * subscription locked while it is made), priced as a card period is (the plan's months, less the
 * promoted discount and a plan change's credit, shown as lines), numbered from `invoice_numbers`,
 * e-mailed to the AP contact (the owner when none is set) through the outbox, and the dates moved
 * on — all in one transaction.
 */
export async function invoiceSubscriptionPeriod(
  ctx: AppContext,
  { subscriptionId }: { subscriptionId: number },
): Promise<InvoiceOutcome> {
  const today = billingToday(ctx);
  const subject = await findChargeSubject(ctx.db, subscriptionId);
  if (!subject) return { kind: 'notDue' };
  const charge = computePeriodCharge({
    monthlyAmount: cents(subject.billing_amount_cents),
    billingFrequency: subject.billing_frequency,
    discount: cents(subject.first_charge_discount_cents),
    credit: cents(subject.credit_cents),
  });
  const subtotal = charge.subtotal;
  const tax = await taxForSubscription(ctx, subject, subtotal);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockInvoiceSubscription(trx, subscriptionId);
    const periodStart = locked?.next_billing_date as IsoDate | null | undefined;
    // Read before the lock: a plan changed meanwhile is invoiced by the next run, at its price.
    if (!periodStart || periodStart > today || locked?.term !== subject.term) {
      return { kind: 'notDue' } as const;
    }
    const { periodEnd } = billingPeriod(subject, periodStart);
    const lines = invoiceLines(subject, charge);
    const dueOn = addDays(today, INVOICE_NET_DAYS);
    const invoice = await insertInvoice(trx, {
      user_id: subject.user_id,
      subscription_id: subject.id,
      term: subject.term,
      credit_cents: charge.creditUsed,
      period_start: periodStart,
      period_end: periodEnd,
      lines,
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: subtotal + tax,
      issued_on: today,
      due_on: dueOn,
      created_at: ctx.now(),
    });
    if (!invoice) return { kind: 'notDue' } as const;
    await updateSubscriptionBilling(trx, subject.id, {
      ...billedPeriodColumns(subject, periodStart, charge.creditUsed),
      updated_at: ctx.now(),
    });
    if (!invoice) return { kind: 'notDue' } as const;
    const mail = buildInvoiceMail({
      ...billingMailBase(ctx, subject, subject.ap_contact_email ?? subject.email_address),
      invoiceNumber: invoice.invoice_number,
      companyName: subject.company_name,
      lines,
      subtotalCents: subtotal,
      taxCents: tax,
      totalCents: subtotal + tax,
      issuedOn: today,
      dueOn,
      periodStart,
      periodEnd,
    });
    const delivery = await queueDelivery(
      ctx,
      { kind: 'invoice', userId: subject.user_id, ...toMailDelivery(mail) },
      trx,
    );
    await setInvoiceDelivery(trx, invoice.id, delivery.id);
    return { kind: 'invoiced', invoiceNumber: invoice.invoice_number, totalCents: subtotal + tax };
  });
}

/**
 * A billed subscription just saved or changed whose period has begun is invoiced at once, as a
 * card one is charged at once. Should that fail (the tax service down), what was saved stands and
 * the hourly run invoices the period, as it does any that is due.
 */
export async function invoiceIfBegun(
  ctx: AppContext,
  row: { id: number; payment_kind: string; next_billing_date: string | null },
): Promise<void> {
  if (row.payment_kind !== 'invoice' || !row.next_billing_date) return;
  if (row.next_billing_date > billingToday(ctx)) return;
  await invoiceSubscriptionPeriod(ctx, { subscriptionId: row.id }).catch(() => undefined);
}

/** The plan's months, then what came off them: the promoted discount, a plan change's credit. */
function invoiceLines(subject: ChargeSubject, charge: PeriodCharge): InvoiceLineJson[] {
  const lines: InvoiceLineJson[] = [
    {
      description: `${subject.plan_type} monitoring plan, months`,
      quantity: subject.billing_frequency,
      unitCents: subject.billing_amount_cents,
      amountCents: charge.gross,
    },
  ];
  const off = (description: string, amount: number) =>
    amount > 0 &&
    lines.push({ description, quantity: 1, unitCents: -amount, amountCents: -amount });
  off('Promotional discount', charge.discountUsed);
  off('Credit for unused days of your previous plan', charge.creditUsed);
  return lines;
}
