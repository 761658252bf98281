import type { Brand } from '@monitor/domain/shared/brands';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailPage } from '../../../platform/mail/html';

export type OrderMailLine = {
  storeName: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  serial: string | null;
};

export type OrderConfirmationMail = {
  to: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
  firstName: string;
  orderNumber: string;
  lines: readonly OrderMailLine[];
  subTotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  grandTotalCents: number;
  /** The §4 estimate; null when nothing ships. */
  deliveryDate: string | null;
  /** Where instant updates or the pet monitor were credited, by the device's name. */
  creditedDeviceName: string | null;
};

const money = (amount: number) => formatCents(amount as Cents);

/** The text lines of the order's lines and totals, shared by the confirmation's two parts. */
function summary(order: OrderConfirmationMail): { lines: string[]; totals: string[] } {
  return {
    lines: order.lines.map(
      (line) =>
        `${line.quantity} × ${line.storeName}${line.serial ? ` (replaces ${line.serial})` : ''}` +
        ` at ${money(line.unitPriceCents)}: ${money(line.amountCents)}`,
    ),
    totals: [
      `Subtotal: ${money(order.subTotalCents)}`,
      ...(order.discountCents > 0 ? [`Discount: −${money(order.discountCents)}`] : []),
      `Shipping: ${money(order.shippingCents)}`,
      `Sales tax: ${money(order.taxCents)}`,
      `Total charged: ${money(order.grandTotalCents)}`,
    ],
  };
}

/**
 * The confirmation of a placed order (store-and-public-site §4 "Checkout", decision 044): its
 * number, lines, totals as charged and the expected delivery date, or where the credit went.
 */
export function buildOrderConfirmationMail(order: OrderConfirmationMail): MailMessage {
  const { lines, totals } = summary(order);
  const arrival = order.deliveryDate
    ? `Expected delivery: ${formatLongDate(order.deliveryDate, { withWeekday: true })}.`
    : order.creditedDeviceName
      ? `Credited to ${order.creditedDeviceName}; nothing will be shipped.`
      : 'Nothing will be shipped.';
  const intro = `Thank you for your order, ${order.firstName}. Your order number is ${order.orderNumber}.`;
  const text = [intro, '', ...lines, '', ...totals, '', arrival].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    order.brand,
    `Order ${order.orderNumber} confirmed`,
    `    <p>${e(intro)}</p>
    <ul>
${lines.map((line) => `      <li>${e(line)}</li>`).join('\n')}
    </ul>
    <p>${totals.map(e).join('<br>')}</p>
    <p>${e(arrival)}</p>`,
  );
  return {
    to: order.to,
    subject: `Your ${order.brand.name} order ${order.orderNumber}`,
    text,
    html,
  };
}
