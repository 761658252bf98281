import { Table } from '@mantine/core';
import { formatCents, multiplyCents } from '@monitor/domain/shared/money';
import type { CartTotals } from '@monitor/domain/store/cart-totals';
import type { ShippingType } from '@monitor/domain/store/cart-model';

/** Where the tax stands: no address to ask about yet, estimated from the typed one, or verified. */
export type TaxStatus = 'awaitingAddress' | 'estimated' | 'verified';

/**
 * The checkout summary (store-and-public-site §3 "Cart", §9): subtotal, discount, shipping (after
 * a shipping promo), tax and grand total = subtotal + shipping + tax − discount. Shipping says so
 * while no delivery method is chosen, rather than a $0.00 that is no price (issue #24); a tax
 * from an address not yet verified is marked estimated, and none is shown before an address.
 */
export function CartSummary({
  totals,
  shippingType,
  taxStatus = 'verified',
  label = 'Order summary',
}: {
  totals: CartTotals;
  shippingType: ShippingType | null;
  taxStatus?: TaxStatus;
  label?: string;
}) {
  const rows: [string, string][] = [
    ['Subtotal', formatCents(totals.subTotal)],
    ...(totals.discount > 0
      ? ([['Discount', formatCents(multiplyCents(totals.discount, -1))]] as [string, string][])
      : []),
    ['Shipping', shippingType === null ? 'Not chosen yet' : formatCents(totals.shipping)],
    taxStatus === 'awaitingAddress'
      ? ['Sales tax', 'Needs your address']
      : [
          taxStatus === 'estimated' ? 'Sales tax (estimated)' : 'Sales tax',
          formatCents(totals.tax),
        ],
  ];
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={400}>
              {name}
            </Table.Th>
            <Table.Td ta="right">{value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="right" fw={700}>
            {formatCents(totals.grandTotal)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
