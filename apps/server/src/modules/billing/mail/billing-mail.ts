import type { Brand } from '@monitor/domain/shared/brands';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailButton, mailPage } from '../../../platform/mail/html';

/** What every billing e-mail names: the brand it is signed by, the unit, where to manage it. */
export type BillingMailBase = {
  to: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
  /** The unit's name, or its serial when it has none. */
  deviceName: string;
  /** The page where the owner manages the subscription and card. */
  manageUrl: string;
};

export const money = (amount: number) => formatCents(amount as Cents);
export const day = (value: string) => formatLongDate(value);

/** Draws a billing e-mail from its lines: the text part and the HTML part say the same. */
export function billingMail(
  base: BillingMailBase,
  {
    subject,
    heading,
    lines,
    button,
  }: {
    subject: string;
    heading: string;
    lines: readonly string[];
    button: string;
  },
): MailMessage {
  const text = [...lines, '', `${button}: ${base.manageUrl}`].join('\n');
  const html = mailPage(
    base.brand,
    heading,
    `${lines.map((line) => `    <p>${escapeHtml(line)}</p>`).join('\n')}
    ${mailButton(base.manageUrl, button)}`,
  );
  return { to: base.to, subject, text, html };
}
