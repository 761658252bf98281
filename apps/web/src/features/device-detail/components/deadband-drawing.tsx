import { useId } from 'react';
import { Box } from '@mantine/core';
import type { Bounds } from '@monitor/domain/alarms/alarm-ranges';
import { roundTo } from '@monitor/domain/shared/temperature';

export type DeadbandDrawingProps = {
  /** The alarm range, in the unit shown. */
  range: Bounds;
  /** The deadband, in the unit shown; 0 is none. */
  deadband: number;
  /** Unit text after numbers: '°F', '°C' or '%'. */
  unit: string;
};

const LEFT = 12;
const WIDTH = 216;

/**
 * The range as a green band with its limits, and inside it, narrower by the deadband at each end,
 * where a reading must come back to for the alarm to clear (issue #23); the same in words for a
 * screen reader.
 */
export function DeadbandDrawing({ range, deadband, unit }: DeadbandDrawingProps) {
  const id = useId();
  const span = range.max - range.min;
  const pad = Math.max(span * 0.25, deadband * 2, 1);
  const scale = { min: range.min - pad, max: range.max + pad };
  const x = (value: number) => LEFT + ((value - scale.min) / (scale.max - scale.min)) * WIDTH;
  const clears = { min: roundTo(range.min + deadband, 2), max: roundTo(range.max - deadband, 2) };
  const canClear = clears.min < clears.max;
  const text = (value: number) => `${roundTo(value, 2)}${unit}`;
  const description =
    deadband <= 0
      ? 'The alarm rises outside the range and clears as soon as the reading is back inside it.'
      : canClear
        ? `The alarm rises outside the range and clears once the reading is back between ${text(clears.min)} and ${text(clears.max)}.`
        : 'The deadband is half the range or more: no reading could clear the alarm.';
  return (
    <Box
      component="svg"
      viewBox="0 0 240 58"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      w="100%"
      maw={320}
      style={{ display: 'block' }}
    >
      <title id={`${id}-title`}>{`Alarm range ${text(range.min)} to ${text(range.max)}`}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <rect x={LEFT} y={22} width={WIDTH} height={12} rx={6} fill="var(--mantine-color-red-1)" />
      <rect
        x={x(range.min)}
        y={22}
        width={Math.max(x(range.max) - x(range.min), 1)}
        height={12}
        fill="var(--mantine-color-green-3)"
      />
      {deadband > 0 && canClear && (
        <>
          <rect
            x={x(clears.min)}
            y={26}
            width={x(clears.max) - x(clears.min)}
            height={4}
            fill="var(--mantine-color-green-8)"
          />
          <text
            x={(x(clears.min) + x(clears.max)) / 2}
            y={16}
            textAnchor="middle"
            fontSize={9}
            fill="var(--mantine-color-green-9)"
          >
            clears here
          </text>
        </>
      )}
      {[range.min, range.max].map((limit, index) => (
        <g key={index}>
          <line
            x1={x(limit)}
            x2={x(limit)}
            y1={18}
            y2={38}
            stroke="var(--mantine-color-dark-4)"
            strokeWidth={1.5}
          />
          <text
            x={x(limit)}
            y={50}
            textAnchor="middle"
            fontSize={9}
            fill="var(--mantine-color-dark-4)"
          >
            {text(limit)}
          </text>
        </g>
      ))}
    </Box>
  );
}
