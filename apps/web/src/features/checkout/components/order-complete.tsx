import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '@monitor/contract/orders';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import type { BillingAddressValues } from '../../../entities/billing/lib/billing-address';

const money = (dollars: number) => formatCents(dollarsToCents(dollars));

/**
 * The order complete view (store-and-public-site §4 "Checkout"): the order number, its lines and
 * totals as the server charged them, the delivery estimate and the address the confirmation went
 * to, the promotion used and the address it ships to (issue #24). After instant updates or the
 * pet monitor upgrade, the way back to the devices.
 */
export function OrderComplete({
  order,
  shipTo,
  isGoingToDevices,
}: {
  order: Order;
  /** The verified address the order ships to; null when nothing ships. */
  shipTo: BillingAddressValues | null;
  isGoingToDevices: boolean;
}) {
  const totals: [string, number][] = [
    ['Subtotal', order.SubTotal],
    ...(order.Discount > 0 ? ([['Discount', -order.Discount]] as [string, number][]) : []),
    ['Shipping', order.Shipping],
    ['Sales tax', order.Tax],
  ];
  // The long checkout form is gone: start the reader at the top, on the confirmation's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} tabIndex={-1} ref={heading}>
        Thank you for your order
      </Title>
      <Alert color="teal" title={`Order number ${order.OrderNumber}`}>
        A confirmation with your order number has been sent to {order.Email}.
      </Alert>
      <Table aria-label="Your order" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.Lines.map((line) => (
            <Table.Tr key={line.ItemId}>
              <Table.Td>{line.StoreName}</Table.Td>
              <Table.Td ta="right">{line.Quantity}</Table.Td>
              <Table.Td ta="right">{money(line.Amount)}</Table.Td>
            </Table.Tr>
          ))}
          {totals.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" colSpan={2} fw={400} ta="right">
                {name}
              </Table.Th>
              <Table.Td ta="right">{money(value)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={2} ta="right">
              Total charged
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {money(order.GrandTotal)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {order.DiscountCode && <Text>Promotion {order.DiscountCode} applied.</Text>}
      {order.DeliveryDate && (
        <Text>Estimated delivery: {formatLongDate(order.DeliveryDate, { withWeekday: true })}</Text>
      )}
      {order.DeliveryDate && shipTo && <Text>Ships to {formatShipTo(shipTo)}</Text>}
      {order.Credited && (
        <Text>
          Your device now has {order.Credited.InstantUpdates} instant updates
          {order.Credited.PetMonitor ? ' and the pet monitor turned on' : ''}.
        </Text>
      )}
      {isGoingToDevices ? (
        <Text role="status">Taking you to your devices…</Text>
      ) : (
        <Group>
          <Button component={Link} to="/store">
            Continue shopping
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One line, as an envelope reads: `350 5TH AVE, NEW YORK, NY 10118`. */
const formatShipTo = ({ address1, address2, city, state, zip }: BillingAddressValues) =>
  [address1, address2, city, `${state} ${zip}`]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
