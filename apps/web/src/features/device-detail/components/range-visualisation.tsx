import { Box, Text } from '@mantine/core';
import type { Bounds } from '@monitor/domain/alarms/alarm-ranges';

export type RangeVisualisationProps = {
  label: string;
  /** The alarm range, in the unit shown. */
  range: Bounds;
  /** The latest reading, in the unit shown, or null. */
  value: number | null;
  /** The scale's ends, widened to hold the range and the reading. */
  scale: Bounds;
  /** Unit text after numbers: '°F', '°C' or '%'. */
  unit: string;
};

const percent = (value: number, scale: Bounds) =>
  Math.min(100, Math.max(0, ((value - scale.min) / (scale.max - scale.min || 1)) * 100));

/** The alarm range as a band on a scale with the reading marked, and the same in words (device-management §2). */
export function RangeVisualisation({ label, range, value, scale, unit }: RangeVisualisationProps) {
  const ends = {
    min: Math.min(scale.min, range.min, value ?? scale.min),
    max: Math.max(scale.max, range.max, value ?? scale.max),
  };
  const from = percent(range.min, ends);
  const to = percent(range.max, ends);
  const description = `${label}: alarm range ${range.min}${unit} to ${range.max}${unit}${
    value === null ? ', no reading' : `, reading ${value}${unit}`
  }`;
  return (
    <Box>
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Box
        role="img"
        aria-label={description}
        pos="relative"
        h={14}
        bg="var(--mantine-color-gray-2)"
        style={{ borderRadius: 7 }}
      >
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          left={`${from}%`}
          w={`${Math.max(to - from, 1)}%`}
          bg="var(--mantine-color-teal-4)"
          style={{ borderRadius: 7 }}
        />
        {value !== null && (
          <Box
            pos="absolute"
            top={-4}
            left={`calc(${percent(value, ends)}% - 2px)`}
            w={4}
            h={22}
            bg="var(--mantine-color-dark-6)"
            style={{ borderRadius: 2 }}
          />
        )}
      </Box>
      <Text size="xs" c="dimmed" mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
        Range {range.min}
        {unit} – {range.max}
        {unit}
        {value !== null && ` · now ${value}${unit}`}
      </Text>
    </Box>
  );
}
