import { useId } from 'react';
import { Box, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { isTemperatureSensor, type SensorType } from '@monitor/domain/alarms/alarm-points';
import type { Bounds } from '@monitor/domain/alarms/alarm-ranges';
import {
  DEADBAND_ENTRY_LIMITS,
  DELAY_LIMITS,
  deadbandForDisplay,
  deadbandUnit,
  defaultDeadband,
  hasDeadband,
} from '@monitor/domain/alarms/deadband';
import type { TempPref } from '@monitor/domain/shared/temperature';
import type { AdvancedEntry, DelayUnit } from '../lib/advanced-entry';
import { DeadbandDrawing } from './deadband-drawing';

export const DEADBAND_EXPLANATION =
  'The alarm clears only once the reading is back inside the range by this much, so a reading hovering at a limit does not send alarm after all-clear.';

const DELAY_UNITS: { value: DelayUnit; label: string }[] = [
  { value: 'minutes', label: 'minutes' },
  { value: 'readings', label: 'readings' },
];

export type AlarmPointAdvancedProps = {
  sensorType: SensorType;
  unit: TempPref;
  entry: AdvancedEntry;
  onChange: (entry: AdvancedEntry) => void;
  /** The range being edited, in the unit shown, for the drawing; null while it is not a number. */
  range: Bounds | null;
  isOpen: boolean;
  onToggle: (isOpen: boolean) => void;
  isDisabled?: boolean;
  describedBy?: string | undefined;
};

/**
 * "Advanced" under a range (issue #23): the deadband in the user's unit with its default and a
 * drawing of where the alarm clears, then the delay before the alarm rises. Power, water and
 * motion have only the delay. A native disclosure, so keyboard and screen readers know it.
 */
export function AlarmPointAdvanced({
  sensorType,
  unit,
  entry,
  onChange,
  range,
  isOpen,
  onToggle,
  isDisabled = false,
  describedBy,
}: AlarmPointAdvancedProps) {
  const id = useId();
  const entryUnit = deadbandUnit(sensorType, unit);
  const suffix = entryUnit === 'RH' ? '%RH' : `°${entryUnit}`;
  const fallback = deadbandForDisplay(sensorType, defaultDeadband(sensorType, unit), unit);
  const shownDeadband =
    typeof entry.deadband === 'number' && Number.isFinite(entry.deadband)
      ? entry.deadband
      : fallback;
  const rangeSuffix = isTemperatureSensor(sensorType) ? `°${unit}` : '%';
  return (
    <Box component="details" open={isOpen} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <Box component="summary" style={{ cursor: 'pointer' }}>
        <Text span size="sm" fw={600}>
          Advanced
        </Text>
      </Box>
      <Stack gap="sm" mt="sm">
        {hasDeadband(sensorType) && (
          <>
            <NumberInput
              label={`Deadband (${suffix})`}
              placeholder={`Default: ${fallback}`}
              description={`${DEADBAND_EXPLANATION} 0 turns it off; leave it empty for the default, ${fallback} ${suffix}.`}
              value={entry.deadband}
              onChange={(deadband) => onChange({ ...entry, deadband })}
              min={0}
              max={DEADBAND_ENTRY_LIMITS[entryUnit]}
              allowNegative={false}
              decimalScale={2}
              // Out of range is said in words on save, not silently changed.
              clampBehavior="none"
              disabled={isDisabled}
              aria-describedby={describedBy}
              maw={220}
            />
            {range && <DeadbandDrawing range={range} deadband={shownDeadband} unit={rangeSuffix} />}
          </>
        )}
        <Group gap="xs" wrap="wrap" align="center">
          <Text component="label" htmlFor={`${id}-delay`} size="sm">
            Raise the alarm only after
          </Text>
          <NumberInput
            id={`${id}-delay`}
            aria-label="Delay"
            value={entry.delay}
            onChange={(delay) => onChange({ ...entry, delay })}
            min={0}
            max={DELAY_LIMITS[entry.delayUnit]}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            disabled={isDisabled}
            aria-describedby={`${id}-delay-hint${describedBy ? ` ${describedBy}` : ''}`}
            w={72}
          />
          <NativeSelect
            aria-label="Delay unit"
            data={DELAY_UNITS}
            value={entry.delayUnit}
            onChange={(event) =>
              onChange({
                ...entry,
                delayUnit: event.currentTarget.value === 'readings' ? 'readings' : 'minutes',
              })
            }
            disabled={isDisabled}
            w={110}
          />
          <Text size="sm">out of range</Text>
        </Group>
        <Text id={`${id}-delay-hint`} size="xs" c="dimmed">
          0 raises the alarm at once; at most {DELAY_LIMITS.minutes} minutes or{' '}
          {DELAY_LIMITS.readings} readings.
        </Text>
      </Stack>
    </Box>
  );
}
