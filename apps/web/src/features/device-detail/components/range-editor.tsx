// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Button, Group, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { isHumiditySensor, isTemperatureSensor } from '@monitor/domain/alarms/alarm-points';
import type { Bounds, TemperatureModel } from '@monitor/domain/alarms/alarm-ranges';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { RangeFields, type RangeEntry } from '../../../components/ui/range-fields';
import {
  checkRangeEntry,
  rangeEntryOf,
  sliderLimits,
} from '../../../entities/device/lib/range-entry';
import { useUpdateAlarmPointMutation } from '../../../entities/device/api/update-alarm-point';
import { advancedEntryOf, checkAdvancedEntry, type AdvancedEntry } from '../lib/advanced-entry';
import { AlarmPointAdvanced } from './alarm-point-advanced';

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

/** The range as typed, for the drawing: null while an end is not a number or they cross. */
function typedBounds({ rangeMin, rangeMax }: RangeEntry): Bounds | null {
  if (typeof rangeMin !== 'number' || typeof rangeMax !== 'number') return null;
  return rangeMin <= rangeMax ? { min: rangeMin, max: rangeMax } : null;
}

/**
 * One alarm range: a two-thumb slider within the model's slider limits, the two ends typed by
 * hand within the manual limits, and save → saving → saved (device-management §2, §4, §5). Under
 * it, "Advanced": the deadband and the delay (issue #23). A point without a range to set (water)
 * shows the delay alone and saves its range as stored.
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
  const isRanged = isTemperatureSensor(sensorType) || isHumiditySensor(sensorType);
  const limits = sliderLimits(sensorType, model, unit);
  const before =
    point.RangeMin === null || point.RangeMax === null
      ? null
      : { rangeMin: point.RangeMin, rangeMax: point.RangeMax };
  const [entry, setEntry] = useState<RangeEntry>(() =>
    before
      ? rangeEntryOf(sensorType, before, unit)
      : { rangeMin: limits.min, rangeMax: limits.max },
  );
  const [advanced, setAdvanced] = useState<AdvancedEntry>(() => advancedEntryOf(point, unit));
  const [isAdvancedOpen, setIsAdvancedOpen] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useUpdateAlarmPointMutation();
  const showError = useErrorModal();

  function change(next: RangeEntry) {
    setEntry(next);
    setSaveState('idle');
    setProblem(null);
  }

  function changeAdvanced(next: AdvancedEntry) {
    setAdvanced(next);
    setSaveState('idle');
    setProblem(null);
  }

  function save() {
    const check = isRanged
      ? checkRangeEntry(sensorType, entry, { model, unit, before })
      : before
        ? { isValid: true as const, stored: before }
        : { isValid: false as const, message: 'This alarm has no range to save.' };
    if (!check.isValid) {
      setProblem(check.message);
      return;
    }
    const settings = checkAdvancedEntry(point, advanced, { unit, range: check.stored });
    if (!settings.isValid) {
      setIsAdvancedOpen(true);
      setProblem(settings.message);
      return;
    }
    setSaveState('saving');
    mutation.mutate(
      { id: point.Id, ...check.stored, ...settings.changes },
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
        {isRanged && (
          <RangeFields
            sensorType={sensorType}
            title={title}
            model={model}
            unit={unit}
            entry={entry}
            onChange={change}
            isDisabled={isDisabled}
            describedBy={problem ? problemId : undefined}
          />
        )}
        <AlarmPointAdvanced
          sensorType={sensorType}
          unit={unit}
          entry={advanced}
          onChange={changeAdvanced}
          range={typedBounds(entry)}
          isOpen={isAdvancedOpen}
          onToggle={setIsAdvancedOpen}
          isDisabled={isDisabled}
          describedBy={problem ? problemId : undefined}
        />
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
