import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import type { OfferedDevice } from '../lib/replacement-request';

/** The carriers of §9, as an owner knows them. */
const CARRIER_NAMES: Readonly<Record<number, string>> = { 1: 'Carrier 1', 2: 'Carrier 2' };

/**
 * The eligible devices, each with its Replace tick (default ticked, store-and-public-site §3), the
 * price per device and the total of those still ticked (§4: only devices marked count).
 */
export function DeviceChoice({
  devices,
  replaceFlags,
  onToggle,
  unitPrice,
  total,
  disabled,
}: {
  devices: readonly OfferedDevice[];
  replaceFlags: Readonly<Record<string, boolean>>;
  onToggle: (serial: string, replace: boolean) => void;
  unitPrice: Cents;
  total: Cents;
  disabled: boolean;
}) {
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Replace</Table.Th>
              <Table.Th>Device</Table.Th>
              <Table.Th>Serial number</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((device) => {
              const isChecked = replaceFlags[device.SerialNumber] ?? true;
              return (
                <Table.Tr key={device.SerialNumber}>
                  <Table.Td>
                    <Checkbox
                      checked={isChecked}
                      disabled={disabled}
                      onChange={(event) =>
                        onToggle(device.SerialNumber, event.currentTarget.checked)
                      }
                      aria-label={`Replace ${device.Name} (${device.SerialNumber})`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600}>{device.Name}</Text>
                    <Text size="xs" c="dimmed">
                      {CARRIER_NAMES[device.DeviceNSP] ?? `Carrier ${device.DeviceNSP}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>{device.SerialNumber}</Table.Td>
                  <Table.Td ta="right">{isChecked ? formatCents(unitPrice) : '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="xs">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="replacement-total">
          {formatCents(total)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" ta="right">
        Shipping is included. Sales tax, where it applies, is added to the charge.
      </Text>
    </Stack>
  );
}
