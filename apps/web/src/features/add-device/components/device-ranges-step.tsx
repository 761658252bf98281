// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import { useId, useState } from 'react';
import { Button, Fieldset, Group, Stack, Switch, Text } from '@mantine/core';
import { temperatureModelOf } from '@monitor/domain/alarms/alarm-ranges';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { RangeFields } from '../../../components/ui/range-fields';
import { checkRangeSettings, type RangeProblems, type RangeSettings } from '../lib/wizard-rules';
import { Form } from '../../../components/ui/form';

export type DeviceRangesStepProps = {
  deviceType: number;
  unit: TempPref;
  initial: RangeSettings;
  onBack: () => void;
  onNext: (ranges: RangeSettings) => void;
  onDirtyChange: (isDirty: boolean) => void;
  /** Each change of the ranges on screen, valid or not yet, for a draft to keep. */
  onEntriesChange?: (ranges: RangeSettings) => void;
};

/**
 * Step 2, Device Ranges (accounts-devices-billing §4 "Alarms", §5, §9): temperature and humidity
 * ranges, each with its enable toggle, in the user's °F/°C; NIST types 8, 9, 10 have no humidity.
 */
export function DeviceRangesStep({
  deviceType,
  unit,
  initial,
  onBack,
  onNext,
  onDirtyChange,
  onEntriesChange,
}: DeviceRangesStepProps) {
  const [ranges, setRanges] = useState(initial);
  const [problems, setProblems] = useState<RangeProblems>({ temperature: null, humidity: null });
  const model = temperatureModelOf(deviceType);
  const withHumidity = hasHumidityAlarm(deviceType);
  const temperatureId = useId();
  const humidityId = useId();

  function change(next: Partial<RangeSettings>) {
    const changed = { ...ranges, ...next };
    setRanges(changed);
    onEntriesChange?.(changed);
    onDirtyChange(true);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = checkRangeSettings(ranges, { deviceType, unit });
    setProblems(found);
    if (found.temperature || found.humidity) return;
    onNext(ranges);
  }

  return (
    <Form onSubmit={submit} aria-label="Device ranges" noValidate>
      <Stack gap="lg">
        <Fieldset legend={`Temperature alarm (°${unit})`}>
          <Stack gap="sm">
            <Switch
              label="Temperature alarm on"
              checked={ranges.temperatureEnabled}
              onChange={(event) => change({ temperatureEnabled: event.currentTarget.checked })}
            />
            <RangeFields
              sensorType="TEMP"
              title="Temperature"
              model={model}
              unit={unit}
              entry={ranges.temperature}
              isDisabled={!ranges.temperatureEnabled}
              describedBy={temperatureId}
              onChange={(temperature) => change({ temperature })}
            />
            <Text
              id={temperatureId}
              size="sm"
              c="red.8"
              role={problems.temperature ? 'alert' : undefined}
            >
              {problems.temperature}
            </Text>
          </Stack>
        </Fieldset>
        {withHumidity && (
          <Fieldset legend="Humidity alarm (%)">
            <Stack gap="sm">
              <Switch
                label="Humidity alarm on"
                checked={ranges.humidityEnabled}
                onChange={(event) => change({ humidityEnabled: event.currentTarget.checked })}
              />
              <RangeFields
                sensorType="HUMIDITY"
                title="Humidity"
                model={model}
                unit={unit}
                entry={ranges.humidity}
                isDisabled={!ranges.humidityEnabled}
                describedBy={humidityId}
                onChange={(humidity) => change({ humidity })}
              />
              <Text
                id={humidityId}
                size="sm"
                c="red.8"
                role={problems.humidity ? 'alert' : undefined}
              >
                {problems.humidity}
              </Text>
            </Stack>
          </Fieldset>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Next</Button>
        </Group>
      </Stack>
    </Form>
  );
}
