import '@mantine/core/styles/Table.css';
import { Badge, Table, Text } from '@mantine/core';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { formatFriendlyDate } from '../../../lib/format';
import { cardLabelOf, planLabelOf, statusBadgeOf } from '../lib/subscription-display';

/**
 * The subscription's facts (accounts-devices-billing §3, §4): plan, status by the display rules,
 * next billing date, expiration, and the card's type and last 4 (none for a billed subscription).
 */
export function SubscriptionSummary({
  subscription,
  isBilled,
}: {
  subscription: SubscriptionView;
  isBilled: boolean;
}) {
  const badge = statusBadgeOf(subscription.Status);
  const card = cardLabelOf(subscription.PaymentCard);
  const rows: [string, React.ReactNode][] = [
    ['Plan', planLabelOf(subscription)],
    [
      'Status',
      <Badge key="status" color={badge.color} variant="filled" autoContrast size="lg">
        {badge.label}
      </Badge>,
    ],
    [
      'Next billing date',
      // A suspended or expired subscription is billed no more.
      subscription.NextBillingDate && (subscription.Status === 'Active' || subscription.Pending)
        ? formatFriendlyDate(subscription.NextBillingDate)
        : '—',
    ],
    [
      'Expiration',
      subscription.ExpirationDate ? formatFriendlyDate(subscription.ExpirationDate) : '—',
    ],
  ];
  if (subscription.PaymentCard && !isBilled) rows.push(['Card', card ?? 'No card on file']);
  if (isBilled) rows.push(['Payment', 'By invoice']);
  return (
    <Table layout="fixed" verticalSpacing="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%">
              <Text size="sm" fw={600}>
                {label}
              </Text>
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
