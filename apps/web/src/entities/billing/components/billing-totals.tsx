import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import {
  addCents,
  formatCents,
  multiplyCents,
  ZERO_CENTS,
  type Cents,
} from '@monitor/domain/shared/money';
import type { SalesTaxState } from '../hooks/use-sales-tax';
import { formatPlanAmount, planSubtotal } from '../lib/plans';

export type BillingTotalsProps = {
  /** The chosen plan; nothing is shown without one. */
  option: BillingPlanOption | null;
  /** From useSalesTax. */
  salesTax: SalesTaxState;
  /** A seasonal credit the server gave, prorated by days per month (§9); taken off the total. */
  credit?: Cents | null;
  /** Units paid for together (multi-unit registration, §4): the total is per unit, then for all. */
  quantity?: number;
};

/**
 * The totals of one billing period (accounts-devices-billing §9): subtotal = amount × frequency,
 * the sales tax line (a failure shows the server's message, §8), a seasonal credit, the total.
 */
export function BillingTotals({
  option,
  salesTax,
  credit = null,
  quantity = 1,
}: BillingTotalsProps) {
  if (!option) return null;
  const subtotal = planSubtotal(option);
  const tax = salesTax.tax ?? ZERO_CENTS;
  const total = addCents(subtotal, tax, multiplyCents(credit ?? ZERO_CENTS, -1));
  return (
    <Stack gap="xs">
      <Table aria-label="Billing totals" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Subtotal ({option.PlanType}, {formatPlanAmount(option)})
            </Table.Th>
            <Table.Td ta="right">{formatCents(subtotal)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Sales tax
            </Table.Th>
            <Table.Td ta="right">
              {salesTax.isCalculating ? (
                <Group justify="flex-end" gap={6}>
                  <Loader size="xs" aria-label="Calculating sales tax" />
                </Group>
              ) : salesTax.tax === null ? (
                <Text span size="sm" c="dimmed">
                  {salesTax.error ? formatCents(ZERO_CENTS) : 'Calculated from your ZIP code'}
                </Text>
              ) : (
                formatCents(salesTax.tax)
              )}
            </Table.Td>
          </Table.Tr>
          {credit ? (
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                Seasonal credit
              </Table.Th>
              <Table.Td ta="right">{formatCents(multiplyCents(credit, -1))}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th scope="row">{quantity > 1 ? 'Total per unit' : 'Total'}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatCents(total)}
            </Table.Td>
          </Table.Tr>
          {quantity > 1 && (
            <Table.Tr>
              <Table.Th scope="row">Total for {quantity} units</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatCents(multiplyCents(total, quantity))}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {salesTax.error && (
        <Alert color="red" role="alert" title="Sales tax">
          {salesTax.error}
        </Alert>
      )}
    </Stack>
  );
}
