import { describe, expect, it } from 'vitest';
import {
  deviceAlarmTypes,
  findDeviceModel,
  hasHumidityAlarm,
  isBasicDevice,
  isBilledDevice,
  isBillableSubscriptionDevice,
  isHumidityShown,
  isNistDevice,
  isProDevice,
  isTestDevice,
} from './device-types';

const ALL_TYPES = Array.from({ length: 21 }, (_, i) => i);
const typesWhere = (predicate: (type: number) => boolean) => ALL_TYPES.filter(predicate);

describe('device-type families', () => {
  it('counts 2, 3, 5, 10, 12, 14, 18 as test devices and nothing else (accounts-devices-billing §4)', () => {
    expect(typesWhere(isTestDevice)).toEqual([2, 3, 5, 10, 12, 14, 18]);
  });

  it('counts 6, 7, 8 as billed (invoice) devices (accounts-devices-billing §4)', () => {
    expect(typesWhere(isBilledDevice)).toEqual([6, 7, 8]);
  });

  it('counts readings of types 6 and 7 as billable-subscription devices (device-management §4)', () => {
    expect(typesWhere(isBillableSubscriptionDevice)).toEqual([6, 7]);
  });

  it('counts only 4 and 5 as PRO on the dashboard (device-management §4)', () => {
    expect(typesWhere((type) => isProDevice(type, 'dashboard'))).toEqual([4, 5]);
  });

  it('counts 4, 5, 7, 11, 12, 13, 14, 17, 18, 19 as PRO in other settings (device-management §4, accounts-devices-billing §4)', () => {
    expect(typesWhere((type) => isProDevice(type, 'general'))).toEqual([
      4, 5, 7, 11, 12, 13, 14, 17, 18, 19,
    ]);
  });

  it('counts 1, 2, 6 as basic (device-management §4)', () => {
    expect(typesWhere(isBasicDevice)).toEqual([1, 2, 6]);
  });

  it('counts 8, 9, 10 as NIST, none of them with a humidity alarm (device-management §4)', () => {
    expect(typesWhere(isNistDevice)).toEqual([8, 9, 10]);
    expect(typesWhere((type) => !hasHumidityAlarm(type))).toEqual([8, 9, 10]);
  });

  it('hides humidity on NIST types 9 and 10 but shows it on 8 (device-management §4)', () => {
    expect(typesWhere((type) => !isHumidityShown(type))).toEqual([9, 10]);
    expect(isHumidityShown(8)).toBe(true);
  });

  it('gives NIST devices only TEMP and POWER alarms, others TEMP, HUMIDITY and POWER (device-management §4)', () => {
    expect(deviceAlarmTypes(9)).toEqual(['TEMP', 'POWER']);
    expect(deviceAlarmTypes(1)).toEqual(['TEMP', 'HUMIDITY', 'POWER']);
    expect(deviceAlarmTypes(4)).toEqual(['TEMP', 'HUMIDITY', 'POWER']);
  });
});

describe('findDeviceModel', () => {
  it('puts NIST first, then PRO by the setting, and basic for the rest (device-management §4)', () => {
    expect(findDeviceModel(8, 'general')).toBe('nist');
    expect(findDeviceModel(4, 'dashboard')).toBe('pro');
    expect(findDeviceModel(7, 'general')).toBe('pro');
    expect(findDeviceModel(7, 'dashboard')).toBe('basic');
    expect(findDeviceModel(1, 'general')).toBe('basic');
  });
});
