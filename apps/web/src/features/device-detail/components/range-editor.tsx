// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  RangeSlider,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { alarmRangeForDisplay, isTemperatureSensor } from '@monitor/domain/alarm-points';
import type { TemperatureModel } from '@monitor/domain/alarm-ranges';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/messages';
import type { TempPref } from '@monitor/domain/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useUpdateAlarmPointMutation } from '../api/update-alarm-point';
import { checkRangeEntry, clampToSlider, sliderLimits } from '../lib/range-entry';

export type SaveState = 'idle' | 'saving' | 'saved';

export const SAVE_LABEL: Readonly<Record<SaveState, string>> = {
  idle: 'Save',
  saving: 'Saving…',
  saved: 'Saved',
};

export type RangeToggle = {
  label: string;
  isOn: boolean;
  isPending: boolean;
  onChange: (isOn: boolean) => void;
};

export type RangeEditorProps = {
  point: AlarmPoint;
  title: string;
  model: TemperatureModel;
  unit: TempPref;
  isReadOnly?: boolean;
  /** The device's alarm on/off switch for this sensor; pucks switch alarms in the information form. */
  toggle?: RangeToggle | null;
  /** After a successful save: refresh and start the report countdown. */
  onSaved: () => void;
};

type Entry = { rangeMin: number | string; rangeMax: number | string };

/**
 * One alarm range: a two-thumb slider within the model's slider limits, the two ends typed by
 * hand within the manual limits, and save → saving → saved (device-management §2, §4, §5).
 */
export function RangeEditor({
  point,
  title,
  model,
  unit,
  isReadOnly = false,
  toggle = null,
  onSaved,
}: RangeEditorProps) {
  const sensorType = point.DeviceSensor.SensorType;
  const isTemperature = isTemperatureSensor(sensorType);
  const suffix = isTemperature ? `°${unit}` : '%';
  const limits = sliderLimits(sensorType, model, unit);
  const shown = alarmRangeForDisplay(
    sensorType,
    { rangeMin: point.RangeMin ?? limits.min, rangeMax: point.RangeMax ?? limits.max },
    unit,
  );
  const [entry, setEntry] = useState<Entry>(shown);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useUpdateAlarmPointMutation();
  const showError = useErrorModal();

  function change(next: Entry) {
    setEntry(next);
    setSaveState('idle');
    setProblem(null);
  }

  function save() {
    const check = checkRangeEntry(sensorType, entry, { model, unit });
    if (!check.isValid) {
      setProblem(check.message);
      return;
    }
    setSaveState('saving');
    mutation.mutate(
      { id: point.Id, ...check.stored },
      {
        onSuccess: () => {
          setSaveState('saved');
          onSaved();
        },
        onError: (error) => {
          setSaveState('idle');
          showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.updateAlarmPointsFailed));
        },
      },
    );
  }

  const numeric = (value: number | string, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  const sliderValue: [number, number] = [
    clampToSlider(numeric(entry.rangeMin, limits.min), limits),
    clampToSlider(numeric(entry.rangeMax, limits.max), limits),
  ];
  const isDisabled = isReadOnly || saveState === 'saving';
  const problemId = `range-problem-${point.Id}`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{title}</Text>
          {toggle && (
            <Switch
              label={toggle.label}
              checked={toggle.isOn}
              disabled={isReadOnly || toggle.isPending}
              onChange={(event) => toggle.onChange(event.currentTarget.checked)}
            />
          )}
        </Group>
        <RangeSlider
          min={limits.min}
          max={limits.max}
          step={1}
          minRange={0}
          value={sliderValue}
          onChange={([rangeMin, rangeMax]) => change({ rangeMin, rangeMax })}
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
            onChange={(rangeMin) => change({ ...entry, rangeMin })}
            disabled={isDisabled}
            allowDecimal={false}
            aria-describedby={problem ? problemId : undefined}
          />
          <NumberInput
            label={`High (${suffix})`}
            value={entry.rangeMax}
            onChange={(rangeMax) => change({ ...entry, rangeMax })}
            disabled={isDisabled}
            allowDecimal={false}
            aria-describedby={problem ? problemId : undefined}
          />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text id={problemId} size="sm" c="red" role={problem ? 'alert' : undefined}>
            {problem}
          </Text>
          <Button
            onClick={save}
            disabled={isReadOnly || saveState !== 'idle'}
            loading={saveState === 'saving'}
            variant={saveState === 'saved' ? 'light' : 'filled'}
            aria-label={`${SAVE_LABEL[saveState]} ${title.toLowerCase()}`}
            miw={96}
          >
            {SAVE_LABEL[saveState]}
          </Button>
        </Group>
        <VisuallyHidden role="status">
          {saveState === 'saved'
            ? `${title} saved`
            : saveState === 'saving'
              ? `Saving ${title.toLowerCase()}`
              : ''}
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
