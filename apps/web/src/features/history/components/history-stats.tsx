import { Table, Text } from '@mantine/core';
import type { z } from 'zod';
import type { SensorStats } from '@monitor/contract/history';
import type { TempPref } from '@monitor/domain/shared/temperature';

type Stats = z.infer<typeof SensorStats>;

const format = (value: number, suffix: string) =>
  `${(Math.round(value * 10) / 10).toFixed(1)}${suffix}`;

/**
 * The period's minimum, maximum and average of each graphed sensor, over every reading before
 * downsampling: beside the graph, and its text alternative for screen readers.
 */
export function HistoryStats({
  id,
  unit,
  temperature,
  humidity,
  powerSummary,
}: {
  id: string;
  unit: TempPref;
  /** undefined: the sensor is not graphed; null: no readings in the period. */
  temperature?: Stats;
  humidity?: Stats;
  /** 'Power off for 2 h 15 min', for units with a power graph. */
  powerSummary?: string;
}) {
  const rows: { label: string; stats: Stats; suffix: string }[] = [];
  if (temperature !== undefined)
    rows.push({ label: 'Temperature', stats: temperature, suffix: ` °${unit}` });
  if (humidity !== undefined) rows.push({ label: 'Humidity', stats: humidity, suffix: ' %' });
  return (
    <div id={id}>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text span fw={600} size="sm" c="var(--mantine-color-text)">
            This period
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Sensor</Table.Th>
            <Table.Th scope="col">Min</Table.Th>
            <Table.Th scope="col">Max</Table.Th>
            <Table.Th scope="col">Average</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ label, stats, suffix }) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              {stats ? (
                <>
                  <Table.Td>{format(stats.min, suffix)}</Table.Td>
                  <Table.Td>{format(stats.max, suffix)}</Table.Td>
                  <Table.Td>{format(stats.average, suffix)}</Table.Td>
                </>
              ) : (
                <Table.Td colSpan={3}>No readings</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {powerSummary && (
        <Text size="sm" mt="xs">
          {powerSummary}
        </Text>
      )}
    </div>
  );
}
