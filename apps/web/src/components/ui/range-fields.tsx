// Component CSS not in app/styles.ts (decision 003): loaded only with the pages that edit ranges.
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/NumberInput.css';
import { Group, NumberInput, RangeSlider } from '@mantine/core';
import { isTemperatureSensor, type SensorType } from '@monitor/domain/alarms/alarm-points';
import {
  findUnreachableRangeEnds,
  SENSOR_TEMPERATURE_READINGS,
  type TemperatureModel,
} from '@monitor/domain/alarms/alarm-ranges';
import {
  fahrenheit,
  fromStoredFahrenheit,
  toStoredFahrenheit,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import { clampToSlider, sliderLimits } from '../../entities/device/lib/range-entry';

/** The warning under the field it is about, where it is read after the value. */
const WARNING_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

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
 * (device-management §2, §5): the one range control of the detail page, the puck wizard and the
 * add-device wizard. An end the unit's sensor can never read is accepted, as the manual limits
 * allow it, but said beside it: that alarm would never be raised.
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
  const warnings = unreachableWarnings({ sensorType, model, unit, entry });
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
          description={warnings.low}
          inputWrapperOrder={WARNING_BELOW}
        />
        <NumberInput
          label={`High (${suffix})`}
          value={entry.rangeMax}
          onChange={(rangeMax) => onChange({ ...entry, rangeMax })}
          disabled={isDisabled}
          allowDecimal={isTemperature}
          decimalScale={1}
          aria-describedby={describedBy}
          description={warnings.high}
          inputWrapperOrder={WARNING_BELOW}
        />
      </Group>
    </>
  );
}

/**
 * What to say beside an end of the unit's own temperature range that its sensor never reads
 * (device-management §5: the manual limits go well past it); pucks carry sensors of their own.
 */
function unreachableWarnings({
  sensorType,
  model,
  unit,
  entry,
}: {
  sensorType: SensorType;
  model: TemperatureModel;
  unit: TempPref;
  entry: RangeEntry;
}): { low: string | null; high: string | null } {
  if (sensorType !== 'TEMP') return { low: null, high: null };
  const typed = (value: number | string) =>
    typeof value === 'number' && Number.isFinite(value) ? value : null;
  const low = typed(entry.rangeMin);
  const high = typed(entry.rangeMax);
  const stored = (value: number | null) =>
    value === null ? null : toStoredFahrenheit(value, unit);
  const ends = findUnreachableRangeEnds({ rangeMin: stored(low), rangeMax: stored(high) }, model);
  const readings = SENSOR_TEMPERATURE_READINGS[model];
  const shown = (stored: number) => `${fromStoredFahrenheit(fahrenheit(stored), unit, 1)}°${unit}`;
  return {
    low: ends.isLowUnreachable
      ? `This unit reads down to ${shown(readings.min)}; a low end of ${low}°${unit} will never raise an alarm.`
      : null,
    high: ends.isHighUnreachable
      ? `This unit reads up to ${shown(readings.max)}; a high end of ${high}°${unit} will never raise an alarm.`
      : null,
  };
}
