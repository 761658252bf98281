import { describe, expect, it } from 'vitest';
import {
  canAddDeviceNotification,
  deviceNotificationAllowance,
  offeredPuckAlarmTypes,
  puckAlarmTypes,
  puckDeviceAllowance,
  puckNotificationCap,
  puckNotificationStatus,
  tooManyNotificationsMessage,
} from './puck-notifications';

const notes = (...types: string[]) => types.map((AlarmType) => ({ AlarmType }));

describe('puckNotificationCap (device-management §9)', () => {
  it.each([
    [32775, 6],
    [32774, 4],
    [32773, 4],
    [32772, 4],
    [32771, 4],
    [32770, 2],
    [32769, 2],
    [null, 2],
  ] as const)('caps level %s at %i', (level, cap) => {
    expect(puckNotificationCap(level)).toBe(cap);
  });
});

describe('device notification allowance (device-management §9)', () => {
  it.each([
    [32774, 4],
    [32773, 4],
    [32771, 4],
    [32772, 2],
  ] as const)('counts level %i as %i', (level, allowance) => {
    expect(puckDeviceAllowance(level)).toBe(allowance);
  });

  it('counts the levels the spec does not name by their puck cap', () => {
    expect(puckDeviceAllowance(32775)).toBe(6);
    expect(puckDeviceAllowance(32770)).toBe(2);
    expect(puckDeviceAllowance(32769)).toBe(2);
    expect(puckDeviceAllowance(null)).toBe(2);
  });

  it('adds each puck to the device’s own 9', () => {
    expect(deviceNotificationAllowance([])).toBe(9);
    expect(deviceNotificationAllowance([32774, 32772, null])).toBe(9 + 4 + 2 + 2);
  });
});

describe('canAddDeviceNotification (device-management §9)', () => {
  const eight = notes('TEMP', 'TEMP', 'TEMP', 'HUMIDITY', 'HUMIDITY', 'HUMIDITY', 'POWER', 'POWER');

  it('accepts a ninth device notification and refuses a tenth', () => {
    expect(canAddDeviceNotification(eight)).toBe(true);
    expect(canAddDeviceNotification([...eight, ...notes('POWER')])).toBe(false);
  });

  it('does not count NOCALL or puck notifications', () => {
    const others = [...notes('NOCALL', 'NOCALL'), { AlarmType: 'WATER', PeripheralId: 'AB12CD34' }];
    expect(canAddDeviceNotification([...eight, ...others])).toBe(true);
  });
});

describe('offeredPuckAlarmTypes (device-management §5)', () => {
  it('offers only the types the logic level supports', () => {
    expect(puckAlarmTypes(32775)).toEqual(['SPUCK_TEMP', 'SPUCK_HUMIDITY', 'WATER']);
    expect(offeredPuckAlarmTypes(32774, [])).toEqual(['SPUCK_TEMP', 'SPUCK_HUMIDITY']);
    expect(offeredPuckAlarmTypes(32773, [])).toEqual(['SPUCK_HUMIDITY', 'WATER']);
    expect(offeredPuckAlarmTypes(32771, [])).toEqual(['SPUCK_TEMP', 'WATER']);
    expect(offeredPuckAlarmTypes(32769, [])).toEqual(['WATER']);
    expect(offeredPuckAlarmTypes(null, [])).toEqual(['WATER']);
  });

  it('stops offering a type once the puck has 2 of it', () => {
    expect(offeredPuckAlarmTypes(32775, notes('WATER'))).toContain('WATER');
    expect(offeredPuckAlarmTypes(32775, notes('WATER', 'WATER'))).toEqual([
      'SPUCK_TEMP',
      'SPUCK_HUMIDITY',
    ]);
  });

  it('offers nothing once the puck has 6, or reaches its cap', () => {
    const five = notes('SPUCK_TEMP', 'SPUCK_TEMP', 'SPUCK_HUMIDITY', 'SPUCK_HUMIDITY', 'WATER');
    expect(offeredPuckAlarmTypes(32775, five)).toEqual(['WATER']);
    expect(offeredPuckAlarmTypes(32775, [...five, ...notes('WATER')])).toEqual([]);
    expect(offeredPuckAlarmTypes(32770, notes('SPUCK_TEMP'))).toEqual(['SPUCK_TEMP', 'WATER']);
    expect(offeredPuckAlarmTypes(32770, notes('SPUCK_TEMP', 'WATER'))).toEqual([]);
  });
});

describe('tooManyNotificationsMessage (device-management §8)', () => {
  const names = { deviceName: 'Cabin', peripheralName: 'Freezer' };

  it('names the device when the notification has no puck', () => {
    expect(tooManyNotificationsMessage({ ...names, peripheralId: null })).toBe(
      'Too many notifications on the Cabin.',
    );
  });

  it('names the puck otherwise', () => {
    expect(tooManyNotificationsMessage({ ...names, peripheralId: 'AB12CD34' })).toBe(
      'Too many notifications on this Freezer',
    );
  });
});

describe('puckNotificationStatus (device-management §4)', () => {
  const on = { isTemperatureActive: true, isHumidityActive: true };

  it('enables the types the logic level supports, and POWER always', () => {
    expect(puckNotificationStatus(32775, on)).toEqual({
      SPUCK_TEMP: true,
      SPUCK_HUMIDITY: true,
      WATER: true,
      POWER: true,
    });
    expect(puckNotificationStatus(32769, on)).toEqual({
      SPUCK_TEMP: false,
      SPUCK_HUMIDITY: false,
      WATER: true,
      POWER: true,
    });
  });

  it('follows the temperature and humidity toggles', () => {
    const off = { isTemperatureActive: false, isHumidityActive: false };
    expect(puckNotificationStatus(32774, off)).toEqual({
      SPUCK_TEMP: false,
      SPUCK_HUMIDITY: false,
      WATER: false,
      POWER: true,
    });
  });
});
