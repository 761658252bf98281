import '@mantine/core/styles/Switch.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { errorMessageFor } from '../../../lib/api-client';
import {
  getReportTableQueryOptions,
  useReportTable,
  type ReportTableRequest,
  type ReportTableRow,
} from '../api/get-report-table';
import type { HistorySensors } from '../lib/history-sensors';
import { splitTableTime } from '../lib/local-time';

const NO_VALUE = '—';
const oneDecimal = (value: number | null, suffix = '') =>
  value === null ? NO_VALUE : `${(Math.round(value * 10) / 10).toFixed(1)}${suffix}`;

type Column = { header: string; cell: (row: ReportTableRow) => ReactNode };

/** Date above time, each kept whole, so the column stays narrow on a phone. */
function TableTime({ localTime }: { localTime: string }) {
  const { date, time } = splitTableTime(localTime);
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>{' '}
      <span style={{ whiteSpace: 'nowrap', display: 'inline-block' }}>{time}</span>
    </>
  );
}

function columnsFor(sensors: HistorySensors, unit: TempPref): Column[] {
  const columns: Column[] = [
    { header: 'Time', cell: (row) => <TableTime localTime={row.LocalTime} /> },
  ];
  if (sensors.hasTemperature) {
    columns.push({ header: `Temperature (°${unit})`, cell: (row) => oneDecimal(row.Temperature) });
  }
  if (sensors.hasHumidity) {
    columns.push({ header: 'Humidity (%)', cell: (row) => oneDecimal(row.Humidity) });
  }
  if (sensors.hasPower) columns.push({ header: 'Power', cell: (row) => row.Power ?? NO_VALUE });
  if (sensors.hasWater) {
    columns.push({
      header: 'Water',
      cell: (row) => (row.Water === null ? NO_VALUE : row.Water > 0 ? 'Wet' : 'Dry'),
    });
  }
  if (sensors.hasBattery) {
    columns.push({
      header: 'Battery (%)',
      cell: (row) => (row.BatteryLevel === null ? NO_VALUE : String(row.BatteryLevel)),
    });
  }
  columns.push({ header: 'In alarm', cell: (row) => (row.InAlarm ? 'Yes' : 'No') });
  return columns;
}

/**
 * The table view (device-management §2, §4, §9): 500 readings at a time, newest first, "Load more"
 * for the next 500, back to the first 500 when the period or its data change; the alarms-only
 * filter; values in the user's unit, times in the device's zone.
 */
export function HistoryTable({
  request,
  sensors,
  caption,
  dataVersion,
  onAlarmsOnlyChange,
}: {
  request: ReportTableRequest;
  sensors: HistorySensors;
  /** What the table lists, read first by screen readers. */
  caption: string;
  /** When the period's data were last fetched (0 before): a newer fetch starts the table over. */
  dataVersion: number;
  onAlarmsOnlyChange: (isAlarmsOnly: boolean) => void;
}) {
  const query = useReportTable(request);
  const queryClient = useQueryClient();
  const keyString = JSON.stringify(getReportTableQueryOptions(request).queryKey);
  const seen = useRef({ key: keyString, version: dataVersion });
  useEffect(() => {
    const previous = seen.current;
    seen.current = { key: keyString, version: dataVersion };
    // Only fresh readings of the same period and filter: a new period starts on a new key anyway.
    if (previous.key !== keyString || previous.version === 0) return;
    if (previous.version === dataVersion) return;
    // Back to the first 500, as the spec's tables reset on new data (device-management §4).
    void queryClient.resetQueries({ queryKey: JSON.parse(keyString) as unknown[], exact: true });
  }, [keyString, dataVersion, queryClient]);

  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const columns = columnsFor(sensors, request.unit);

  return (
    <Stack gap="sm">
      <Switch
        label="Show only readings in alarm"
        checked={request.isAlarmsOnly}
        onChange={(event) => onAlarmsOnlyChange(event.currentTarget.checked)}
      />
      {query.isPending ? (
        <Skeleton height={240} aria-label="Loading the readings" />
      ) : query.isError && !query.data ? (
        <Alert color="red" role="alert" title="The readings could not be loaded">
          {errorMessageFor(query.error, DEVICE_MANAGEMENT_MESSAGES.loadDeviceDataFailed)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {request.isAlarmsOnly
            ? 'No readings in alarm in this period.'
            : 'No readings in this period.'}
        </Text>
      ) : (
        <>
          {/* Scrolls sideways only when the columns do not fit; focusable so keys can scroll it. */}
          <div
            role="region"
            aria-label="Readings"
            tabIndex={0}
            style={{ overflowX: 'auto', maxWidth: '100%' }}
          >
            <Table
              striped
              highlightOnHover
              stickyHeader
              verticalSpacing={6}
              horizontalSpacing="xs"
              fz="sm"
            >
              <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                {caption}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.header} scope="col">
                      {column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={row.ReportTimestamp}
                    bg={row.InAlarm ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    {columns.map((column, index) =>
                      index === 0 ? (
                        <Table.Th key={column.header} scope="row" fw={400}>
                          {column.cell(row)}
                        </Table.Th>
                      ) : (
                        <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              Showing {rows.length} {rows.length === 1 ? 'reading' : 'readings'}
              {query.hasNextPage ? '' : ' (all of this period)'}
            </Text>
            {query.hasNextPage && (
              <Button
                variant="default"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </Group>
          {query.isError && (
            <Alert color="red" role="alert">
              {errorMessageFor(query.error, DEVICE_MANAGEMENT_MESSAGES.loadDeviceDataFailed)}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
