import type { UserDevice } from '@monitor/contract/user-devices';
import type { StatusLevel } from '@monitor/domain/alarms/status';

/** The device list's sort options 1 to 11, in the spec's order (device-management §2 "Device list"). */
export const DEVICE_SORT_OPTIONS = [
  { value: '1', label: 'Power: on to off' },
  { value: '2', label: 'Power: off to on' },
  { value: '3', label: 'Device: on to off' },
  { value: '4', label: 'Device: off to on' },
  { value: '5', label: 'Location: A to Z' },
  { value: '6', label: 'Location: Z to A' },
  { value: '7', label: 'Name: A to Z' },
  { value: '8', label: 'Name: Z to A' },
  { value: '9', label: 'Sensor status: green, yellow, red' },
  { value: '10', label: 'Sensor status: red, yellow, green' },
  { value: '11', label: 'Original order' },
] as const;

export type DeviceSort = (typeof DEVICE_SORT_OPTIONS)[number]['value'];
export const DEFAULT_DEVICE_SORT: DeviceSort = '11';

export function isDeviceSort(value: string | null | undefined): value is DeviceSort {
  return DEVICE_SORT_OPTIONS.some((option) => option.value === value);
}

/** Power on sorts first in "on to off"; a device with no reading sorts with the off ones. */
const powerRank = (device: UserDevice) => (device.LastRead?.Power ? 0 : 1);
/** Device on (not muted) sorts first in "on to off"; Mute is Device OFF (device-management §4). */
const deviceRank = (device: UserDevice) => (device.Mute ? 1 : 0);
/** A unit that has not reported has no status (issue #24): it sorts after the others, either way. */
const unreportedRank = (device: UserDevice) => (device.LastRead ? 0 : 1);
const text = (value: string | null) => (value ?? '').trim();
const compareText = (a: string | null, b: string | null) =>
  text(a).localeCompare(text(b), undefined, { sensitivity: 'base', numeric: true });

/**
 * The devices in the chosen order; ties keep the server's order, and option 11 is that order
 * (device-management §2). `statusOf` gives each device's indicator level.
 */
export function sortDevices(
  devices: readonly UserDevice[],
  sort: DeviceSort,
  statusOf: (device: UserDevice) => StatusLevel,
): UserDevice[] {
  const compare: Record<DeviceSort, ((a: UserDevice, b: UserDevice) => number) | null> = {
    '1': (a, b) => powerRank(a) - powerRank(b),
    '2': (a, b) => powerRank(b) - powerRank(a),
    '3': (a, b) => deviceRank(a) - deviceRank(b),
    '4': (a, b) => deviceRank(b) - deviceRank(a),
    '5': (a, b) => compareText(a.Location, b.Location),
    '6': (a, b) => compareText(b.Location, a.Location),
    '7': (a, b) => compareText(a.Name, b.Name),
    '8': (a, b) => compareText(b.Name, a.Name),
    '9': (a, b) => unreportedRank(a) - unreportedRank(b) || statusOf(a) - statusOf(b),
    '10': (a, b) => unreportedRank(a) - unreportedRank(b) || statusOf(b) - statusOf(a),
    '11': null,
  };
  const comparator = compare[sort];
  return comparator ? [...devices].sort(comparator) : [...devices];
}
