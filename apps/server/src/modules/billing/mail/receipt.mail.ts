import type { MailMessage } from '../../../adapters/mail/mailer';
import { billingMail, day, money, type BillingMailBase } from './billing-mail';

export type ReceiptMail = BillingMailBase & {
  amountCents: number;
  taxCents: number;
  cardType: string | null;
  cardLast4: string | null;
  periodStart: string;
  periodEnd: string;
  nextBillingDate: string;
};

/** The receipt of a subscription charge (decision 036): amount, card, period, next billing date. */
export function buildReceiptMail(receipt: ReceiptMail): MailMessage {
  const card = receipt.cardLast4
    ? `${receipt.cardType ?? 'card'} ending in ${receipt.cardLast4}`
    : 'your card';
  return billingMail(receipt, {
    subject: `Payment receipt: ${receipt.deviceName}, ${money(receipt.amountCents)}`,
    heading: 'Thank you for your payment',
    lines: [
      `We charged ${money(receipt.amountCents)} to ${card} for the monitoring of ${receipt.deviceName}` +
        (receipt.taxCents > 0 ? ` (${money(receipt.taxCents)} of it sales tax).` : '.'),
      `Period: ${day(receipt.periodStart)} to ${day(receipt.periodEnd)}.`,
      `Next billing date: ${day(receipt.nextBillingDate)}.`,
    ],
    button: 'Manage your subscription',
  });
}
