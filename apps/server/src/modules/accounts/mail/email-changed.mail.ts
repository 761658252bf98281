import type { Brand } from '@monitor/domain/shared/brands';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailPage } from '../../../platform/mail/html';

export type EmailChangedMail = {
  /** The address the account had: its owner learns of the change even if it was not them. */
  to: string;
  firstName: string;
  newAddress: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/** The notice sent to the old address when an account's sign-in e-mail changes (issue #22). */
export function buildEmailChangedMail({
  to,
  firstName,
  newAddress,
  brand,
}: EmailChangedMail): MailMessage {
  const text = [
    `Hello ${firstName},`,
    '',
    `The e-mail address you sign in to ${brand.name} with was changed to ${newAddress}. Alarm e-mails you set up keep their own addresses.`,
    '',
    `If you did not make this change, call us at once on ${brand.phone} or write to ${brand.email}.`,
    '',
    `The ${brand.name} team`,
  ].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    brand,
    `${brand.name}: your sign-in e-mail changed`,
    `    <p>Hello ${e(firstName)},</p>
    <p>The e-mail address you sign in to ${e(brand.name)} with was changed to <strong>${e(newAddress)}</strong>. Alarm e-mails you set up keep their own addresses.</p>
    <p>If you did not make this change, call us at once on ${e(brand.phone)} or write to <a href="mailto:${e(brand.email)}">${e(brand.email)}</a>.</p>`,
  );
  return { to, subject: `Your ${brand.name} sign-in e-mail was changed`, text, html };
}
