import type { Brand } from '@monitor/domain/brands';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml } from './html';

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
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
    <h1 style="font-size: 20px">Welcome to ${e(brand.name)}</h1>
    <p>Hello ${e(firstName)},</p>
    <p>${e(parentName)} has given you access to the device &ldquo;${e(deviceName)}&rdquo; on ${e(brand.name)}.</p>
    <p><a href="${e(signInUrl)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px">Sign in</a></p>
    <p>Sign in with this e-mail address (${e(to)}) and the password ${e(parentName)} chose for you. If you do not have it, use &ldquo;Forgot password&rdquo; on the sign-in page to set your own.</p>
    <p style="color: #52606d; font-size: 13px">Questions? Call ${e(brand.phone)} or write to <a href="mailto:${e(brand.email)}">${e(brand.email)}</a>.<br>The ${e(brand.name)} team</p>
  </body>
</html>
`;
  return { to, subject: `Welcome to ${brand.name}`, text, html };
}
