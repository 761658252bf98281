import { useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { StoredRange } from '@monitor/domain/alarms/alarm-points';
import { defaultAlarmRange, temperatureModelOf } from '@monitor/domain/alarms/alarm-ranges';
import type { DeviceType } from '@monitor/domain/devices/device-types';
import { shouldSendFirmwareUpdate } from '@monitor/domain/devices/firmware';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { RangeFields, type RangeEntry } from '../../../components/ui/range-fields';
import { errorMessageFor } from '../../../lib/api-client';
import { checkRangeEntry, rangeEntryOf } from '../../../entities/device/lib/range-entry';
import { sendText } from '../../../entities/device/api/send-text';
import { updateAlarmPoint } from '../../../entities/device/api/update-alarm-point';
import { getPuckAlarmPoints } from '../api/get-puck-alarm-points';

/** Saved in this order: temperature then humidity (device-management §4 "Add puck flow"). */
const RANGED_SENSORS = [
  { type: 'SP_TEMP', title: 'Temperature range' },
  { type: 'SP_HUMID', title: 'Humidity range' },
] as const;

export type PuckRangesStepProps = {
  userDeviceId: number;
  puckId: string;
  device: { deviceType: DeviceType; firmwareVersion: string | null; memo: string | null };
  unit: TempPref;
  onSaved: () => void;
};

type RangedPoint = { point: AlarmPoint; title: string };

/** The stored range, or the wizard default when none is stored yet (device-management §9), in °F. */
function startingRange(point: AlarmPoint): StoredRange {
  const fallback = defaultAlarmRange(point.DeviceSensor.SensorType, 'wizard') ?? { min: 0, max: 0 };
  return { rangeMin: point.RangeMin ?? fallback.min, rangeMax: point.RangeMax ?? fallback.max };
}

/**
 * Step 3, ranges (device-management §4, §9): the puck's alarm points with the wizard defaults,
 * saved temperature then humidity; then the firmware update text when the unit needs it.
 */
export function PuckRangesStep({
  userDeviceId,
  puckId,
  device,
  unit,
  onSaved,
}: PuckRangesStepProps) {
  const showError = useErrorModal();
  const query = useQuery({
    queryKey: ['alarm-points', userDeviceId, puckId],
    queryFn: () => getPuckAlarmPoints({ userDeviceId, peripheralId: puckId }),
  });
  const ranged: RangedPoint[] = RANGED_SENSORS.flatMap(({ type, title }) => {
    const point = query.data?.find((candidate) => candidate.DeviceSensor.SensorType === type);
    return point ? [{ point, title }] : [];
  });
  const [entries, setEntries] = useState<Record<number, RangeEntry>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const model = temperatureModelOf(device.deviceType);
  const entryOf = (point: AlarmPoint) =>
    entries[point.Id] ?? rangeEntryOf(point.DeviceSensor.SensorType, startingRange(point), unit);

  async function save() {
    const checked = ranged.map(({ point, title }) => ({
      point,
      title,
      // A range left as it started is saved as it started: 40 °F, not 4.4 °C back in °F.
      check: checkRangeEntry(point.DeviceSensor.SensorType, entryOf(point), {
        model,
        unit,
        before: startingRange(point),
      }),
    }));
    const refused = checked.find((item) => !item.check.isValid);
    if (refused && !refused.check.isValid) {
      setProblem(`${refused.title}: ${refused.check.message}`);
      return;
    }
    setProblem(null);
    setIsSaving(true);
    try {
      for (const { point, check } of checked) {
        if (check.isValid) await updateAlarmPoint({ id: point.Id, ...check.stored });
      }
    } catch (error) {
      setIsSaving(false);
      showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.updateAlarmPointsFailed));
      return;
    }
    if (shouldSendFirmwareUpdate({ firmwareVersion: device.firmwareVersion, memo: device.memo })) {
      // Update-text failures are only logged (device-management §8).
      await sendText({ userDeviceId, command: 'UPD' }).catch((error: unknown) =>
        console.warn('Sending the firmware update text failed', error),
      );
    }
    setIsSaving(false);
    onSaved();
  }

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading alarm points">
        <Skeleton height={140} />
        <Skeleton height={140} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="red" role="alert">
          {DEVICE_MANAGEMENT_MESSAGES.loadAlarmPointsFailed}
        </Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {ranged.length === 0 && (
        <Text>
          This SPuck senses water only: any water it detects raises an alarm, so it needs no range.
        </Text>
      )}
      {ranged.map(({ point, title }) => (
        <Paper key={point.Id} withBorder radius="md" p="md" component="section" aria-label={title}>
          <Stack gap="md">
            <Text fw={700}>{title}</Text>
            <RangeFields
              sensorType={point.DeviceSensor.SensorType}
              title={title}
              model={model}
              unit={unit}
              entry={entryOf(point)}
              onChange={(entry) => setEntries((current) => ({ ...current, [point.Id]: entry }))}
              isDisabled={isSaving}
              describedBy={problem ? 'puck-range-problem' : undefined}
            />
          </Stack>
        </Paper>
      ))}
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text id="puck-range-problem" size="sm" c="red" role={problem ? 'alert' : undefined}>
          {problem}
        </Text>
        <Button onClick={() => void save()} loading={isSaving}>
          Save ranges
        </Button>
      </Group>
    </Stack>
  );
}
