import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@monitor/contract/orders';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import { errorMessageFor } from '../../../lib/api-client';
import { useUserOrders } from '../api/get-user-orders';
import { LoadingStatus } from '../../../components/ui/loading-status';

const STATUS_LABELS: Record<Order['Status'], { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'blue' },
  shipped: { label: 'Shipped', color: 'teal' },
  refunded: { label: 'Refunded', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

/** Wording ours: the spec has no order history. */
const LOAD_FAILED = 'Your orders could not be loaded. Please try again.';

/**
 * The customer's order history on the account page (issue #15): each order's number, date,
 * lines, total, status and, once shipped, its tracking number.
 */
export function OrderHistory({ userId }: { userId: number }) {
  const orders = useUserOrders(userId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-history-title">
      <Title order={2} size="h3" id="order-history-title">
        Your orders
      </Title>
      {orders.isPending && <LoadingStatus>Loading your orders…</LoadingStatus>}
      {orders.isError && (
        <Alert color="red" role="alert">
          {errorMessageFor(orders.error, LOAD_FAILED)}
        </Alert>
      )}
      {orders.data?.length === 0 && <Text c="dimmed">You have not placed any orders yet.</Text>}
      {orders.data && orders.data.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {orders.data.map((order) => {
            const status = STATUS_LABELS[order.Status];
            return (
              <Card component="li" key={order.OrderId} withBorder padding="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>Order {order.OrderNumber}</Text>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {formatLongDate(order.PlacedAt)} · {formatCents(dollarsToCents(order.GrandTotal))}
                </Text>
                <Text size="sm">
                  {order.Lines.map((line) => `${line.Quantity} × ${line.StoreName}`).join(', ')}
                </Text>
                {order.TrackingNumber && (
                  <Text size="sm">Tracking number: {order.TrackingNumber}</Text>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
