import type { Brand } from '@monitor/domain/shared/brands';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailPage } from '../../../platform/mail/html';

/** The buyer's notice that an order left the warehouse, with its tracking number (decision 044). */
export function buildOrderShippedMail(order: {
  to: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
  firstName: string;
  orderNumber: string;
  trackingNumber: string;
}): MailMessage {
  const lines = [
    `Good news, ${order.firstName}: your order ${order.orderNumber} has shipped.`,
    `Tracking number: ${order.trackingNumber}`,
  ];
  return {
    to: order.to,
    subject: `Your ${order.brand.name} order ${order.orderNumber} has shipped`,
    text: lines.join('\n'),
    html: mailPage(
      order.brand,
      `Order ${order.orderNumber} shipped`,
      lines.map((line) => `    <p>${escapeHtml(line)}</p>`).join('\n'),
    ),
  };
}
