import type { MailMessage } from '../../../adapters/mail/mailer';
import { billingMail, day, money, type BillingMailBase } from './billing-mail';

export type SuspendedMail = BillingMailBase & {
  amountCents: number;
  /** The unpaid period's start: service was paid for until this day. */
  expirationDate: string;
};

/** The subscription suspended after the last failed retry of the dunning schedule (decision 036). */
export function buildSuspendedMail(suspended: SuspendedMail): MailMessage {
  return billingMail(suspended, {
    subject: `Subscription suspended: ${suspended.deviceName}`,
    heading: 'Your subscription is suspended',
    lines: [
      `We tried your card several times and could not charge ${money(suspended.amountCents)} for the monitoring of ${suspended.deviceName}.`,
      `The subscription is suspended: it was paid until ${day(suspended.expirationDate)}.`,
      'Reactivate it with a card that works to resume monitoring.',
    ],
    button: 'Reactivate your subscription',
  });
}
