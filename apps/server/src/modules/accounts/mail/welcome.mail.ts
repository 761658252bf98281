import type { Brand } from '@monitor/domain/shared/brands';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailButton, mailPage } from '../../../platform/mail/html';

export type WelcomeMail = {
  to: string;
  firstName: string;
  /** Where the new owner adds their first device: the add-device page, in the brand's site. */
  addDeviceUrl: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/**
 * The e-mail a new account gets on registration (issue #10: the mailbox page promised one), in
 * the brand of the site it registered on. It confirms the address and points to adding the first device; it never
 * repeats the password.
 */
export function buildWelcomeMail({ to, firstName, addDeviceUrl, brand }: WelcomeMail): MailMessage {
  const text = [
    `Hello ${firstName},`,
    '',
    `Welcome to ${brand.name}. Your account is ready: sign in with this e-mail address (${to}).`,
    '',
    `To start monitoring, add your device with the serial number on its label: ${addDeviceUrl}`,
    '',
    'If you did not create this account, call us and we will close it.',
    `Questions? Call ${brand.phone} or write to ${brand.email}.`,
    `The ${brand.name} team`,
  ].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    brand,
    `Welcome to ${brand.name}`,
    `    <p>Hello ${e(firstName)},</p>
    <p>Your account is ready: sign in with this e-mail address (${e(to)}).</p>
    <p>To start monitoring, add your device with the serial number on its label.</p>
    ${mailButton(addDeviceUrl, 'Add your device')}
    <p>If you did not create this account, call us and we will close it.</p>`,
  );
  return { to, subject: `Welcome to ${brand.name}`, text, html };
}
