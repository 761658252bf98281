import type { Brand } from '@monitor/domain/shared/brands';
import { formatCents } from '@monitor/domain/shared/money';
import type { Cents } from '@monitor/domain/shared/money';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailButton, mailPage } from '../../../platform/mail/html';

export type ReplacementOfferMail = {
  to: string;
  firstName: string;
  /** The /deviceupgrade link with the owner's token. */
  link: string;
  unitPriceCents: Cents;
  deviceNames: readonly string[];
  expiresInDays: number;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/** The replacement offer e-mailed to an eligible owner (store-and-public-site §2 "/deviceupgrade"; decision 045). */
export function buildReplacementOfferMail({
  to,
  firstName,
  link,
  unitPriceCents,
  deviceNames,
  expiresInDays,
  brand,
}: ReplacementOfferMail): MailMessage {
  const price = formatCents(unitPriceCents);
  const devices = deviceNames.join(', ');
  const text = [
    `Hello ${firstName},`,
    '',
    `Your ${brand.name} monitors (${devices}) can be replaced with a new unit for ${price} each. To choose the units to replace and order, open this link:`,
    '',
    link,
    '',
    `The link is yours alone, works for one order and expires in ${expiresInDays} days.`,
    '',
    `Questions? Call ${brand.phone} or write to ${brand.email}.`,
    `The ${brand.name} team`,
  ].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    brand,
    `${brand.name}: replace your monitors`,
    `    <p>Hello ${e(firstName)},</p>
    <p>Your ${e(brand.name)} monitors (${e(devices)}) can be replaced with a new unit for ${e(price)} each.</p>
    ${mailButton(link, 'Choose my replacements')}
    <p>Or paste this link into your browser:<br><a href="${e(link)}">${e(link)}</a></p>
    <p>The link is yours alone, works for one order and expires in ${expiresInDays} days.</p>`,
  );
  return { to, subject: `Replace your ${brand.name} monitors`, text, html };
}
