import type { MailMessage } from '../../../adapters/mail/mailer';
import type { InvoiceLineJson } from '../../../platform/database/schema';
import { billingMail, day, money, type BillingMailBase } from './billing-mail';

export type InvoiceMail = BillingMailBase & {
  invoiceNumber: string;
  companyName: string | null;
  lines: readonly InvoiceLineJson[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  issuedOn: string;
  dueOn: string;
  periodStart: string;
  periodEnd: string;
};

/** A billed customer's invoice for one subscription period, sent to the AP contact (decision 036). */
export function buildInvoiceMail(invoice: InvoiceMail): MailMessage {
  return billingMail(invoice, {
    subject: `Invoice ${invoice.invoiceNumber} from ${invoice.brand.name}: ${money(invoice.totalCents)} due ${day(invoice.dueOn)}`,
    heading: `Invoice ${invoice.invoiceNumber}`,
    lines: [
      `${invoice.companyName ? `${invoice.companyName}: ` : ''}monitoring of ${invoice.deviceName}, ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}.`,
      // A discount or credit is one amount off; the plan is its months at the monthly amount.
      ...invoice.lines.map((line) =>
        line.amountCents < 0
          ? `${line.description}: ${money(line.amountCents)}`
          : `${line.description}: ${line.quantity} × ${money(line.unitCents)} = ${money(line.amountCents)}`,
      ),
      `Subtotal ${money(invoice.subtotalCents)}, sales tax ${money(invoice.taxCents)}, total ${money(invoice.totalCents)}.`,
      `Issued ${day(invoice.issuedOn)}; payment due by ${day(invoice.dueOn)} (net 30).`,
    ],
    button: 'View your account',
  });
}
