import '@mantine/core/styles/Table.css';
import { Alert, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { formatFriendlyDate } from '../../../lib/format';
import { useSubscriptionInvoices } from '../api/get-subscription-invoices';
import { formatAmount } from '../lib/subscription-display';

/** A billed subscription's invoices, newest first (accounts-devices-billing §6; decision 040). */
export function InvoiceList({ subscriptionId }: { subscriptionId: number }) {
  const query = useSubscriptionInvoices(subscriptionId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="invoices-title">
      <Title order={3} fz="h5" id="invoices-title">
        Invoices
      </Title>
      {query.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessageFor(query.error, ACCOUNT_ALERT_MESSAGES.fetchSubscriptionFailed)}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet: the first is sent to your accounts payable contact on the next billing
          date.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Invoice</Table.Th>
                <Table.Th scope="col">Period</Table.Th>
                <Table.Th scope="col">Due date</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Amount due
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((invoice) => (
                <Table.Tr key={invoice.InvoiceNumber}>
                  <Table.Td>{invoice.InvoiceNumber}</Table.Td>
                  <Table.Td>
                    {formatFriendlyDate(invoice.PeriodStart)} –{' '}
                    {formatFriendlyDate(invoice.PeriodEnd)}
                  </Table.Td>
                  <Table.Td>{formatFriendlyDate(invoice.DueDate)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {formatAmount(invoice.AmountDue)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
