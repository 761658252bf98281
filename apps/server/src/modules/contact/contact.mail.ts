import type { Brand } from '@monitor/domain/shared/brands';
import { formatPhoneNumber } from '@monitor/domain/shared/phone';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml, mailPage } from '../../platform/mail/html';

export type ContactMail = {
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
  name: string;
  emailAddress: string;
  /** As stored: 11 digits with a leading 1, or null. */
  phone: string | null;
  state: string | null;
  country: string | null;
  message: string;
};

/**
 * What the contact page sends to the brand's support address (store-and-public-site §2 "Contact
 * page"): who wrote, how to reach them, and their message word for word. Support answers by
 * writing to the address it names.
 */
export function buildContactMail({
  brand,
  name,
  emailAddress,
  phone,
  state,
  country,
  message,
}: ContactMail): MailMessage {
  const details = [
    `From: ${name} <${emailAddress}>`,
    // Formatted for the person who calls back (issue #24); stored as 11 digits.
    `Phone: ${phone ? formatPhoneNumber(phone) : 'not given'}`,
    `State: ${state || 'not given'}`,
    `Country: ${country || 'not given'}`,
  ];
  const text = [`A message from the ${brand.name} contact page.`, '', ...details, '', message].join(
    '\n',
  );
  const e = escapeHtml;
  const html = mailPage(
    brand,
    'Contact page message',
    `    <p>A message from the ${e(brand.name)} contact page.</p>
    <p>${details.map(e).join('<br>')}</p>
    <p style="white-space: pre-wrap">${e(message)}</p>`,
  );
  return { to: brand.email, subject: `Contact page: ${name}`, text, html };
}
