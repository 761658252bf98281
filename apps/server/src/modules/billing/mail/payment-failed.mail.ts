import type { MailMessage } from '../../../adapters/mail/mailer';
import { billingMail, day, money, type BillingMailBase } from './billing-mail';

export type PaymentFailedMail = BillingMailBase & {
  amountCents: number;
  cardType: string | null;
  cardLast4: string | null;
  /** The processor's reason, as the payment error filter words it. */
  reason: string;
  /** When the card is tried again (a moment, shown as its billing day). */
  nextAttemptOn: string;
  /** The day service stops unless the card is paid or updated by then. */
  suspendAfter: string;
};

/** A declined subscription charge (dunning, decision 036): one each time a charge declines. */
export function buildPaymentFailedMail(failed: PaymentFailedMail): MailMessage {
  const card = failed.cardLast4
    ? `${failed.cardType ?? 'card'} ending in ${failed.cardLast4}`
    : 'your card';
  return billingMail(failed, {
    subject: `Payment declined: ${failed.deviceName}`,
    heading: 'Your payment was declined',
    lines: [
      `We could not charge ${money(failed.amountCents)} to ${card} for the monitoring of ${failed.deviceName}: ${failed.reason}`,
      `We will try again on ${day(failed.nextAttemptOn)}. To avoid an interruption, update your card before then.`,
      `If the payment still fails, monitoring is suspended after ${day(failed.suspendAfter)}.`,
    ],
    button: 'Update your card',
  });
}
