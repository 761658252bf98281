// Component CSS not in app/styles.ts (decision 003): loaded only with the pages that edit ranges.
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/NumberInput.css';
import { Group, NumberInput, RangeSlider } from '@mantine/core';
import { isTemperatureSensor, type SensorType } from '@monitor/domain/alarms/alarm-points';
import type { TemperatureModel } from '@monitor/domain/alarms/alarm-ranges';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { clampToSlider, sliderLimits } from '../../entities/device/lib/range-entry';

/** A range as typed, in the user's unit; a half-typed number stays a string until it is checked. */
export type RangeEntry = { rangeMin: number | string; rangeMax: number | string };

export type RangeFieldsProps = {
  sensorType: SensorType;
  /** Names the slider thumbs: "{title}: low" and "{title}: high". */
  title: string;
  model: TemperatureModel;
  unit: TempPref;
  entry: RangeEntry;
  onChange: (entry: RangeEntry) => void;
  isDisabled?: boolean;
  /** Id of the text that explains a refused entry, for the inputs' descriptions. */
  describedBy?: string;
};

/**
 * The two-thumb slider within the model's slider limits and the two ends typed by hand
 * (device-management §2, §5): the one range control of the detail page and the puck wizard.
 */
export function RangeFields({
  sensorType,
  title,
  model,
  unit,
  entry,
  onChange,
  isDisabled = false,
  describedBy,
}: RangeFieldsProps) {
  const isTemperature = isTemperatureSensor(sensorType);
  const suffix = isTemperature ? `°${unit}` : '%';
  const limits = sliderLimits(sensorType, model, unit);
  const numeric = (value: number | string, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  const sliderValue: [number, number] = [
    clampToSlider(numeric(entry.rangeMin, limits.min), limits),
    clampToSlider(numeric(entry.rangeMax, limits.max), limits),
  ];
  return (
    <>
      <RangeSlider
        min={limits.min}
        max={limits.max}
        step={1}
        minRange={0}
        value={sliderValue}
        onChange={([rangeMin, rangeMax]) => onChange({ rangeMin, rangeMax })}
        disabled={isDisabled}
        thumbFromLabel={`${title}: low`}
        thumbToLabel={`${title}: high`}
        label={(value) => `${value}${suffix}`}
        marks={[
          { value: limits.min, label: `${limits.min}${suffix}` },
          { value: limits.max, label: `${limits.max}${suffix}` },
        ]}
        mb="lg"
        // Room for the end labels, which are centred on the track's ends.
        mx="md"
      />
      <Group grow align="flex-start" gap="sm">
        <NumberInput
          label={`Low (${suffix})`}
          value={entry.rangeMin}
          onChange={(rangeMin) => onChange({ ...entry, rangeMin })}
          disabled={isDisabled}
          // Temperatures to a tenth: 40 °F is 4.4 °C (device-management §5).
          allowDecimal={isTemperature}
          decimalScale={1}
          aria-describedby={describedBy}
        />
        <NumberInput
          label={`High (${suffix})`}
          value={entry.rangeMax}
          onChange={(rangeMax) => onChange({ ...entry, rangeMax })}
          disabled={isDisabled}
          allowDecimal={isTemperature}
          decimalScale={1}
          aria-describedby={describedBy}
        />
      </Group>
    </>
  );
}
