import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import type { Peripheral } from '@monitor/contract/peripherals';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import {
  buildLogicLevelUpdate,
  hasSelectedPuckAlarm,
  isLogicLevel,
  puckSensors,
  type PuckAlarmSelection,
  type PuckSensor,
} from '@monitor/domain/devices/pucks';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useUpdateLogicLevelMutation } from '../api/update-logic-level';
import { findAlarmPoint } from '../../../entities/device/lib/device-facts';

const SENSOR_LABEL: Readonly<Record<PuckSensor, string>> = {
  temperature: 'Temperature',
  humidity: 'Humidity',
  water: 'Water',
};

/** The alarm type the logic-level call names for each puck sensor (device-management §3, §7). */
const ALARM_TYPE: Readonly<Record<PuckSensor, string>> = {
  temperature: 'SPUCK_TEMP',
  humidity: 'SPUCK_HUMIDITY',
  water: 'WATER',
};

const SENSOR_TYPE = { temperature: 'SP_TEMP', humidity: 'SP_HUMID', water: 'WATER' } as const;

/** Which puck alarms are on: its alarm points' Enabled flags. */
export function puckAlarmSelection(puck: Peripheral): PuckAlarmSelection {
  const isOn = (sensor: PuckSensor) =>
    findAlarmPoint(puck.AlarmPoints, SENSOR_TYPE[sensor], puck.Id)?.Enabled ?? false;
  return { temperature: isOn('temperature'), humidity: isOn('humidity'), water: isOn('water') };
}

export type PuckAlarmTypesProps = {
  puck: Peripheral;
  isReadOnly: boolean;
  /** After the server took the change: refresh and start the 10 × 3 s report countdown. */
  onChanged: () => void;
};

/**
 * The alarm-type checkboxes of a puck: only the sensors its logic level supports, at least one
 * kept on, each change sent as the logic-level call with +1 or -1 (device-management §4, §5).
 */
export function PuckAlarmTypes({ puck, isReadOnly, onChanged }: PuckAlarmTypesProps) {
  const logicLevel = isLogicLevel(puck.LogicLevel) ? puck.LogicLevel : null;
  const [selection, setSelection] = useState(() => puckAlarmSelection(puck));
  const mutation = useUpdateLogicLevelMutation();
  const showError = useErrorModal();

  function toggle(sensor: PuckSensor, isOn: boolean) {
    const previous = selection;
    const next = { ...selection, [sensor]: isOn };
    if (!hasSelectedPuckAlarm(logicLevel, next)) {
      showError(DEVICE_RULE_MESSAGES.selectAtLeastOneAlarmType);
      return;
    }
    setSelection(next);
    mutation.mutate(buildLogicLevelUpdate(puck.Id, [ALARM_TYPE[sensor]], isOn ? 1 : -1), {
      onSuccess: onChanged,
      onError: (error) => {
        setSelection(previous);
        showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.updateAlarmPointsFailed));
      },
    });
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={`alarm-types-${puck.Id}`}>
      <Text id={`alarm-types-${puck.Id}`} size="sm" fw={600}>
        Alarm types
      </Text>
      <Group gap="lg">
        {puckSensors(logicLevel).sensors.map((sensor) => (
          <Checkbox
            key={sensor}
            label={SENSOR_LABEL[sensor]}
            checked={selection[sensor]}
            disabled={isReadOnly || mutation.isPending}
            onChange={(event) => toggle(sensor, event.currentTarget.checked)}
          />
        ))}
      </Group>
    </Stack>
  );
}
