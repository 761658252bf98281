import type { Brand } from '@monitor/domain/shared/brands';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml, mailButton, mailPage } from '../../platform/mail/html';

export type SubAccountWelcomeMail = {
  to: string;
  firstName: string;
  parentName: string;
  deviceName: string;
  signInUrl: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/**
 * The e-mail a new sub-account gets when its parent leaves SendEmail on (device-management §3).
 * It names the sign-in address but never the password: the parent chose it and passes it on, and
 * "Forgot password" on the sign-in page sets a new one.
 */
export function buildSubAccountWelcomeMail({
  to,
  firstName,
  parentName,
  deviceName,
  signInUrl,
  brand,
}: SubAccountWelcomeMail): MailMessage {
  const text = [
    `Hello ${firstName},`,
    '',
    `${parentName} has given you access to the device "${deviceName}" on ${brand.name}.`,
    '',
    `Sign in at ${signInUrl} with this e-mail address (${to}) and the password ${parentName} chose for you.`,
    'If you do not have it, use "Forgot password" on the sign-in page to set your own.',
    '',
    `Questions? Call ${brand.phone} or write to ${brand.email}.`,
    `The ${brand.name} team`,
  ].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    brand,
    `Welcome to ${brand.name}`,
    `    <p>Hello ${e(firstName)},</p>
    <p>${e(parentName)} has given you access to the device &ldquo;${e(deviceName)}&rdquo; on ${e(brand.name)}.</p>
    ${mailButton(signInUrl, 'Sign in')}
    <p>Sign in with this e-mail address (${e(to)}) and the password ${e(parentName)} chose for you. If you do not have it, use &ldquo;Forgot password&rdquo; on the sign-in page to set your own.</p>`,
  );
  return { to, subject: `Welcome to ${brand.name}`, text, html };
}
