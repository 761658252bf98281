import type { Brand } from '@monitor/domain/shared/brands';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailButton, mailPage } from '../../../platform/mail/html';

export type PasswordResetMail = {
  to: string;
  firstName: string;
  link: string;
  expiresAt: Date;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/** The password reset e-mail, in the brand of the site it was requested on (store-and-public-site §2). */
export function buildPasswordResetMail({
  to,
  firstName,
  link,
  expiresAt,
  brand,
}: PasswordResetMail): MailMessage {
  const expiry = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const text = [
    `Hello ${firstName},`,
    '',
    `Someone asked to reset the password of your ${brand.name} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and expires at ${expiry}.`,
    'If you did not ask for this, ignore this e-mail; your password stays the same.',
    '',
    `Questions? Call ${brand.phone} or write to ${brand.email}.`,
    `The ${brand.name} team`,
  ].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    brand,
    `${brand.name}: reset your password`,
    `    <p>Hello ${e(firstName)},</p>
    <p>Someone asked to reset the password of your ${e(brand.name)} account. To choose a new password, use the button below.</p>
    ${mailButton(link, 'Reset my password')}
    <p>Or paste this link into your browser:<br><a href="${e(link)}">${e(link)}</a></p>
    <p>The link works once and expires at ${e(expiry)}.</p>
    <p>If you did not ask for this, ignore this e-mail; your password stays the same.</p>`,
  );
  return { to, subject: `Reset your ${brand.name} password`, text, html };
}
