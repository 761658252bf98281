import type { Brand } from '@monitor/domain/shared/brands';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml, mailPage } from '../../platform/mail/html';

export type SubscriptionSwitchMail = {
  to: string;
  firstName: string;
  serialNumber: string;
  oldSubscriptionId: number;
  newSubscriptionId: number;
  /** e.g. 'Annual', with its first billing date. */
  planType: string;
  firstBillingDate: string | null;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/**
 * The switch e-mail of the convert-to-card-provider flow (accounts-devices-billing §4, §7
 * sendEmailForSwitch): the old payment profile is cancelled and the device's monitoring continues
 * on the new card subscription. Wording ours; the spec names the e-mail only.
 */
export function buildSubscriptionSwitchMail(mail: SubscriptionSwitchMail): MailMessage {
  const { brand } = mail;
  const billing = mail.firstBillingDate
    ? `Your ${mail.planType} plan is billed to your card from ${mail.firstBillingDate}.`
    : `Your ${mail.planType} plan is billed to your card.`;
  const lines = [
    `Hello ${mail.firstName},`,
    '',
    `The monitoring subscription of your device ${mail.serialNumber} has moved to our new card payments.`,
    `Your old payment profile (subscription ${mail.oldSubscriptionId}) is cancelled; subscription ${mail.newSubscriptionId} replaces it.`,
    billing,
    '',
    `Questions? Call ${brand.phone} or write to ${brand.email}.`,
    `The ${brand.name} team`,
  ];
  const e = escapeHtml;
  const html = mailPage(
    brand,
    'Your subscription has moved',
    `    <p>Hello ${e(mail.firstName)},</p>
    <p>The monitoring subscription of your device ${e(mail.serialNumber)} has moved to our new card payments.</p>
    <p>Your old payment profile (subscription ${mail.oldSubscriptionId}) is cancelled; subscription ${mail.newSubscriptionId} replaces it.</p>
    <p>${e(billing)}</p>`,
  );
  return {
    to: mail.to,
    subject: `${brand.name}: your subscription has moved`,
    text: lines.join('\n'),
    html,
  };
}
