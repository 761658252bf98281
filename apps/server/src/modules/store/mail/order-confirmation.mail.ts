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
  /** The verified address the order ships to; null when nothing ships. */
  shipTo: OrderMailAddress | null;
  /** The promotion code applied, if any. */
  promoCode: string | null;
};

export type OrderMailAddress = {
  address1: string;
  address2: string | null;
  city: string;
  /** Null for an address abroad without one. */
  state: string | null;
  zip: string;
};

/** One line, as an envelope reads: `350 5TH AVE, NEW YORK, NY 10118`. */
export const formatMailAddress = ({ address1, address2, city, state, zip }: OrderMailAddress) =>
  [address1, address2, city, state ? `${state} ${zip}` : zip].filter(Boolean).join(', ');

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
      ...(order.promoCode ? [`Promotion: ${order.promoCode}`] : []),
      `Shipping: ${money(order.shippingCents)}`,
      `Sales tax: ${money(order.taxCents)}`,
      `Total charged: ${money(order.grandTotalCents)}`,
    ],
  };
}

/**
 * The confirmation of a placed order (store-and-public-site §4 "Checkout", decision 044): its
 * number, lines, totals as charged, the promotion used, the expected delivery date and the
 * address it ships to, or where the credit went (issue #24).
 */
export function buildOrderConfirmationMail(order: OrderConfirmationMail): MailMessage {
  const { lines, totals } = summary(order);
  const shipsTo = order.shipTo ? ` Ships to ${formatMailAddress(order.shipTo)}.` : '';
  const arrival = order.deliveryDate
    ? `Expected delivery: ${formatLongDate(order.deliveryDate, { withWeekday: true })}.${shipsTo}`
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
