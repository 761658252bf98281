import { addDays, type IsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../context';
import type { InvoiceLineJson } from '../../platform/database/schema';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { billingToday } from './billing-day';
import { buildInvoiceMail } from './mail/invoice.mail';
import { insertInvoice, lockInvoiceSubscription, setInvoiceDelivery } from './invoices.repository';
import { findChargeSubject, updateSubscriptionBilling } from './subscription-charges.repository';
import { billingMailBase, billingPeriod, taxForSubscription } from './subscription-charges.service';

/** Invoices are due 30 days after they are issued (net 30, decision 036). */
export const INVOICE_NET_DAYS = 30;

export type InvoiceOutcome =
  { kind: 'invoiced'; invoiceNumber: string; totalCents: number } | { kind: 'notDue' };

/**
 * Invoices a billed (invoice) subscription's period starting at its next billing date once that
 * day has come: one invoice per subscription and period (its unique index, and the subscription
 * locked while it is made), numbered from `invoice_numbers`, e-mailed to the AP contact (the
 * owner when none is set) through the outbox, and the dates moved on — all in one transaction.
 */
export async function invoiceSubscriptionPeriod(
  ctx: AppContext,
  { subscriptionId }: { subscriptionId: number },
): Promise<InvoiceOutcome> {
  const today = billingToday(ctx);
  const subject = await findChargeSubject(ctx.db, subscriptionId);
  if (!subject) return { kind: 'notDue' };
  const subtotal = subject.billing_amount_cents * subject.billing_frequency;
  const tax = await taxForSubscription(subject, subtotal);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockInvoiceSubscription(trx, subscriptionId);
    const periodStart = locked?.next_billing_date as IsoDate | null | undefined;
    if (!periodStart || periodStart > today) return { kind: 'notDue' } as const;
    const { periodEnd, nextBillingDate } = billingPeriod(subject, periodStart);
    const lines: InvoiceLineJson[] = [
      {
        description: `${subject.plan_type} monitoring plan, months`,
        quantity: subject.billing_frequency,
        unitCents: subject.billing_amount_cents,
        amountCents: subtotal,
      },
    ];
    const dueOn = addDays(today, INVOICE_NET_DAYS);
    const invoice = await insertInvoice(trx, {
      user_id: subject.user_id,
      subscription_id: subject.id,
      period_start: periodStart,
      period_end: periodEnd,
      lines,
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: subtotal + tax,
      issued_on: today,
      due_on: dueOn,
    });
    await updateSubscriptionBilling(trx, subject.id, {
      next_billing_date: nextBillingDate,
      expiration_date: nextBillingDate,
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
