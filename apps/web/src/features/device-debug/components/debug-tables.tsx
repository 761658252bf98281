import { Badge, Table, Text } from '@mantine/core';
import type { DebugDelivery, DebugReport } from '@monitor/contract/device-debug';
import { showDebugTime, showRaw } from '../lib/debug-format';

/**
 * On a phone the tables scroll sideways; these tables hold no link or button, so the scrolling
 * box itself takes the keyboard focus (arrow keys scroll it) and is named for screen readers.
 */
const KEYBOARD_SCROLL = { type: 'native', tabIndex: 0, role: 'region' } as const;

/** One line per cell: the table scrolls sideways on a phone instead of growing tall. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

const STATUS_COLOURS = { queued: 'yellow', sent: 'green', failed: 'red' } as const;

/** The unit's latest reports with the values exactly as stored. */
export function DebugReportTable({ reports }: { reports: DebugReport[] }) {
  if (reports.length === 0) return <Text c="dimmed">No reports stored for this unit.</Text>;
  return (
    <Table.ScrollContainer minWidth={760} {...KEYBOARD_SCROLL} aria-label="Recent reports table">
      <Table striped withTableBorder verticalSpacing={4} fz="sm" style={ONE_LINE}>
        <Table.Caption>Latest {reports.length} reports, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {[
              'Report time',
              'Received',
              'Temperature',
              'Humidity',
              'Power',
              'Signal',
              'Water',
              'Motion',
            ].map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <Table.Tr key={report.ReportTimestamp}>
              <Table.Td>{showDebugTime(report.ReportTimestamp)}</Table.Td>
              <Table.Td>{showDebugTime(report.ReceivedAt)}</Table.Td>
              <Table.Td>{showRaw(report.Temperature)}</Table.Td>
              <Table.Td>{showRaw(report.Humidity)}</Table.Td>
              <Table.Td>{showRaw(report.Power)}</Table.Td>
              <Table.Td>{showRaw(report.SignalStrength)}</Table.Td>
              <Table.Td>{showRaw(report.Water)}</Table.Td>
              <Table.Td>{showRaw(report.Motion)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The unit's latest alarm deliveries: queued, sent or failed, with the reason of a failure. */
export function DebugDeliveryTable({ deliveries }: { deliveries: DebugDelivery[] }) {
  if (deliveries.length === 0) return <Text c="dimmed">No alarm deliveries for this unit.</Text>;
  return (
    <Table.ScrollContainer minWidth={760} {...KEYBOARD_SCROLL} aria-label="Alarm deliveries table">
      <Table striped withTableBorder verticalSpacing={4} fz="sm" style={ONE_LINE}>
        <Table.Caption>Latest {deliveries.length} alarm deliveries, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {['Queued', 'Alarm', 'Channel', 'Address', 'Status', 'Attempts', 'Sent', 'Reason'].map(
              (column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.Id}>
              <Table.Td>{showDebugTime(delivery.CreatedAt)}</Table.Td>
              <Table.Td>{delivery.AlarmType ?? '—'}</Table.Td>
              <Table.Td>{delivery.Channel}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{delivery.Address}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOURS[delivery.Status]}>
                  {delivery.Status}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.Attempts}</Table.Td>
              <Table.Td>{showDebugTime(delivery.SentAt)}</Table.Td>
              <Table.Td>{delivery.LastError ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
