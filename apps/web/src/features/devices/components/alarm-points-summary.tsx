import { List, Text } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { rangeEntryOf } from '../../../entities/device/lib/range-entry';
import { findDeviceAlarmPoint } from '../../../entities/device/lib/device-facts';

/** The device's temperature and humidity alarm ranges on the card, in the user's unit (device-management §2). */
export function AlarmPointsSummary({
  device,
  tempPref,
}: {
  device: UserDevice;
  tempPref: TempPref;
}) {
  const rows: { key: string; label: string; text: string }[] = [];
  const temperature = findDeviceAlarmPoint(device, 'TEMP');
  if (temperature && temperature.RangeMin !== null && temperature.RangeMax !== null) {
    // To a tenth, as the range editor shows it: 40 °F is 4.4 °C, not 4 °C.
    const range = rangeEntryOf(
      'TEMP',
      { rangeMin: temperature.RangeMin, rangeMax: temperature.RangeMax },
      tempPref,
    );
    rows.push({
      key: 'temp',
      label: 'Temperature',
      text:
        temperature.Enabled && device.TemperatureActive
          ? `${range.rangeMin}°${tempPref} to ${range.rangeMax}°${tempPref}`
          : 'Off',
    });
  }
  const humidity = findDeviceAlarmPoint(device, 'HUMIDITY');
  if (
    hasHumidityAlarm(device.DeviceType) &&
    humidity &&
    humidity.RangeMin !== null &&
    humidity.RangeMax !== null
  ) {
    rows.push({
      key: 'humidity',
      label: 'Humidity',
      text:
        humidity.Enabled && device.HumidityActive
          ? `${humidity.RangeMin}% to ${humidity.RangeMax}%`
          : 'Off',
    });
  }
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No alarm points set.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} listStyleType="none" aria-label="Alarm points">
      {rows.map((row) => (
        <List.Item key={row.key}>
          <Text span size="sm" c="dimmed">
            {row.label} alarm:{' '}
          </Text>
          <Text span size="sm" fw={500}>
            {row.text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
