import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { DebugDevice } from '@monitor/contract/device-debug';
import { activeLabel, showDebugTime, showRaw } from '../lib/debug-format';

/** The unit's facts as a description list: label above value, two to four columns by width. */
export function DebugFacts({ device }: { device: DebugDevice }) {
  const facts: [string, string][] = [
    ['IMEI', device.DeviceId],
    ['Serial number', device.SerialNumber],
    ['Owner e-mail', device.OwnerEmail ?? '—'],
    ['Owner user id', showRaw(device.OwnerUserId)],
    ['User device id', showRaw(device.UserDeviceId)],
    ['Active', activeLabel(device.Active)],
    ['Device type', String(device.DeviceType)],
    ['Firmware', showRaw(device.FirmwareVersion)],
    ['Memo', showRaw(device.Memo)],
    ['Carrier (DeviceNSP)', String(device.DeviceNSP)],
    ['Modem activated', device.ModemActivated ? 'Yes' : 'No'],
    ['Last report', showDebugTime(device.LastReportTime)],
    ['Last message', showDebugTime(device.LastMessage)],
    ['Pucks', String(device.PeripheralCount)],
    ['Open alarms', String(device.OpenAlarms)],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3, md: 4 }} spacing="md" m={0}>
      {facts.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
