import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { DEBUG_LIST_LIMIT, type DebugDevice } from '@monitor/contract/device-debug';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useDeviceDebugList } from '../api/get-device-debug-list';
import { useDebugLoadFailure } from '../hooks/use-debug-load-failure';
import { activeLabel, showDebugTime, showRaw } from '../lib/debug-format';

/** Waits this long after the last key before asking the server, so typing sends one search. */
const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS = [
  'IMEI',
  'Serial',
  'Owner',
  'Type',
  'Firmware / memo',
  'Carrier',
  'Active',
  'Last report',
  'Last message',
  'Pucks',
  'Open alarms',
  'Owner account',
];

type ImpersonateProps = {
  /** Acts as the unit's owner in one click (the route page wires the impersonation). */
  onImpersonate: (userId: number) => void;
  /** The owner whose impersonation is starting, if any. */
  pendingUserId: number | null;
};

function DebugDeviceRow({
  device,
  onImpersonate,
  pendingUserId,
}: { device: DebugDevice } & ImpersonateProps) {
  const ownerId = device.OwnerUserId;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/devicedebugdetails/${device.DeviceId}`} ff="monospace">
          {device.DeviceId}
        </Anchor>
      </Table.Td>
      <Table.Td ff="monospace">{device.SerialNumber}</Table.Td>
      <Table.Td>{device.OwnerEmail ?? '—'}</Table.Td>
      <Table.Td>{device.DeviceType}</Table.Td>
      <Table.Td>
        {showRaw(device.FirmwareVersion)}
        {device.Memo && (
          <Text size="xs" c="dimmed">
            {device.Memo}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{device.DeviceNSP}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={device.Active ? 'green' : 'gray'}>
          {activeLabel(device.Active)}
        </Badge>
      </Table.Td>
      <Table.Td>{showDebugTime(device.LastReportTime)}</Table.Td>
      <Table.Td>{showDebugTime(device.LastMessage)}</Table.Td>
      <Table.Td>{device.PeripheralCount}</Table.Td>
      <Table.Td
        c={device.OpenAlarms > 0 ? 'red' : undefined}
        fw={device.OpenAlarms > 0 ? 700 : undefined}
      >
        {device.OpenAlarms}
      </Table.Td>
      <Table.Td>
        {ownerId === null ? (
          '—'
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onImpersonate(ownerId)}
            loading={pendingUserId === ownerId}
            disabled={pendingUserId !== null && pendingUserId !== ownerId}
            aria-label={`Impersonate the owner of ${device.DeviceId}`}
          >
            Impersonate
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The support debug list (/devicelist, device-management §2, §6): every unit with its owner,
 * firmware, carrier and health, searchable by IMEI, serial or owner e-mail; times shifted to US
 * Eastern (§9). Each owned unit's row acts as its owner in one click (decision 023).
 */
export function DeviceDebugList({
  userId,
  onImpersonate,
  pendingUserId,
}: { userId: number } & ImpersonateProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useDeviceDebugList({ userId, search: debouncedSearch });
  useDebugLoadFailure(list.error, DEVICE_MANAGEMENT_MESSAGES.loadDebugListFailed);
  const devices = list.data?.Devices ?? [];
  const total = list.data?.Total ?? 0;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Device debug list
        </Title>
        <Text c="dimmed" size="sm">
          Every unit in the system. Times are US Eastern (UTC−4 in daylight time, UTC−5 otherwise).
        </Text>
      </Stack>
      <TextInput
        label="Search"
        description="Part of an IMEI, serial number or owner e-mail address"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <Group gap="xs" mih={24} aria-live="polite">
        {list.data && (
          <Text size="sm">
            {total > devices.length
              ? `Showing the first ${devices.length} of ${total} units; search to narrow them down.`
              : `${total} ${total === 1 ? 'unit' : 'units'}`}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Stack gap="xs" aria-hidden>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={32} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={1200}>
          {/* One line per cell: the table scrolls sideways on a phone instead of growing tall. */}
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing="xs"
            fz="sm"
            style={{ whiteSpace: 'nowrap' }}
          >
            <Table.Caption>Units by IMEI, at most {DEBUG_LIST_LIMIT} at a time</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.map((device) => (
                <DebugDeviceRow
                  key={device.DeviceId}
                  device={device}
                  onImpersonate={onImpersonate}
                  pendingUserId={pendingUserId}
                />
              ))}
              {list.data && devices.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>No unit matches this search.</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
