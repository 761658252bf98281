import { describe, expect, it } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { StatusLevel } from '@monitor/domain/alarms/status';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import { DEVICE_SORT_OPTIONS, sortDevices, type DeviceSort } from './sort-devices';

const reading = (power: number) => ({ ...makeDevice().LastRead!, Power: power });

// Server order: b, a, c. Statuses: a red, b green, c yellow.
const a = makeDevice({
  Id: 1,
  Name: 'alpha',
  Location: 'Cellar',
  LastRead: reading(0),
  Mute: false,
});
const b = makeDevice({ Id: 2, Name: 'Bravo', Location: 'attic', LastRead: reading(1), Mute: true });
const c = makeDevice({
  Id: 3,
  Name: 'charlie',
  Location: 'Barn',
  LastRead: reading(1),
  Mute: false,
});
const devices = [b, a, c];
const levels: Record<number, StatusLevel> = { 1: 2, 2: 0, 3: 1 };
const statusOf = (device: UserDevice) => levels[device.Id]!;
const order = (sort: DeviceSort) => sortDevices(devices, sort, statusOf).map((d) => d.Name);

describe('sortDevices', () => {
  it('offers the 11 sort options in the spec order (device-management §2 "Device list")', () => {
    expect(DEVICE_SORT_OPTIONS.map((option) => option.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
    ]);
    expect(DEVICE_SORT_OPTIONS[10].label).toBe('Original order');
  });

  it('sorts by power on-off and off-on, keeping ties in server order (device-management §2)', () => {
    expect(order('1')).toEqual(['Bravo', 'charlie', 'alpha']);
    expect(order('2')).toEqual(['alpha', 'Bravo', 'charlie']);
  });

  it('sorts by device on-off and off-on, a muted device being off (device-management §2, §4)', () => {
    expect(order('3')).toEqual(['alpha', 'charlie', 'Bravo']);
    expect(order('4')).toEqual(['Bravo', 'alpha', 'charlie']);
  });

  it('sorts by location and by name A-Z and Z-A, ignoring case (device-management §2)', () => {
    expect(order('5')).toEqual(['Bravo', 'charlie', 'alpha']);
    expect(order('6')).toEqual(['alpha', 'charlie', 'Bravo']);
    expect(order('7')).toEqual(['alpha', 'Bravo', 'charlie']);
    expect(order('8')).toEqual(['charlie', 'Bravo', 'alpha']);
  });

  it('sorts by sensor status green-yellow-red and red-yellow-green (device-management §2)', () => {
    expect(order('9')).toEqual(['Bravo', 'charlie', 'alpha']);
    expect(order('10')).toEqual(['alpha', 'charlie', 'Bravo']);
  });

  it('sorts a unit that has not reported after the others in both status orders: it has no status, not a green one (issue #24)', () => {
    const silent = makeDevice({ Id: 4, Name: 'silent', LastRead: null });
    // Its level would be green: no reading is out of range.
    const withSilent = (sort: DeviceSort) =>
      sortDevices([silent, ...devices], sort, (d) => (d.Id === 4 ? 0 : statusOf(d))).map(
        (d) => d.Name,
      );
    expect(withSilent('9')).toEqual(['Bravo', 'charlie', 'alpha', 'silent']);
    expect(withSilent('10')).toEqual(['alpha', 'charlie', 'Bravo', 'silent']);
  });

  it('keeps the original order for option 11 and does not change the given list (device-management §2)', () => {
    expect(order('11')).toEqual(['Bravo', 'alpha', 'charlie']);
    sortDevices(devices, '7', statusOf);
    expect(devices.map((d) => d.Name)).toEqual(['Bravo', 'alpha', 'charlie']);
  });
});
