import '@mantine/core/styles/Table.css';
import { Alert, Paper, Stack, Table, Text } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';

/**
 * The Subscription tab, read-only until the billing work lands (issue #5 allows this): the plan
 * on record and the device's status, with no made-up plan details.
 */
export function SubscriptionPanel({ device }: { device: UserDevice }) {
  const rows: [string, string][] = [
    [
      'Plan',
      device.SubscriptionId === null
        ? 'No plan on record'
        : `Subscription #${device.SubscriptionId}`,
    ],
    ['Device status', device.Active ? 'Active' : 'Not active'],
    ['Registration', device.RegistrationComplete ? 'Complete' : 'Waiting for its subscription'],
  ];
  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" title="Read-only for now">
        Changing or renewing a plan is not available on this page yet: it arrives with the billing
        work. The plan and status below are what is on record for this device.
      </Alert>
      <Paper withBorder radius="md" p="md">
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="40%">
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
