import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALARM_FLAGS,
  alarmKindOfSensor,
  alarmRangeForDisplay,
  alarmRangeForStorage,
  decodeAlarmFlags,
  encodeAlarmFlags,
  hasAlarmFlag,
  isHumiditySensor,
  isPuckSensor,
  isSensorType,
  isTemperatureSensor,
  SENSOR_TYPES,
  type AlarmKind,
} from './alarm-points';

describe('sensor types', () => {
  it('lists the seven sensor types of an alarm point (device-management §3)', () => {
    expect(SENSOR_TYPES).toEqual([
      'TEMP',
      'HUMIDITY',
      'POWER',
      'WATER',
      'MOTION',
      'SP_TEMP',
      'SP_HUMID',
    ]);
    expect(isSensorType('SP_HUMID')).toBe(true);
    expect(isSensorType('SPUCK_TEMP')).toBe(false);
    expect(isSensorType(2)).toBe(false);
  });

  it('groups device and puck temperature and humidity sensors', () => {
    expect(SENSOR_TYPES.filter(isTemperatureSensor)).toEqual(['TEMP', 'SP_TEMP']);
    expect(SENSOR_TYPES.filter(isHumiditySensor)).toEqual(['HUMIDITY', 'SP_HUMID']);
    expect(SENSOR_TYPES.filter(isPuckSensor)).toEqual(['SP_TEMP', 'SP_HUMID']);
  });
});

describe('alarm bit flags', () => {
  it('uses power 1, temperature 2, humidity 4, water 8 (device-management §9)', () => {
    expect(ALARM_FLAGS.power).toBe(1);
    expect(ALARM_FLAGS.temperature).toBe(2);
    expect(ALARM_FLAGS.humidity).toBe(4);
    expect(ALARM_FLAGS.water).toBe(8);
  });

  it('reads motion "10" as 0x10 so it does not collide with water and temperature (device-management §9)', () => {
    expect(ALARM_FLAGS.motion).toBe(0x10);
    expect(decodeAlarmFlags(ALARM_FLAGS.water | ALARM_FLAGS.temperature)).toEqual([
      'temperature',
      'water',
    ]);
  });

  it('maps puck sensors to the same alarm as the device sensors', () => {
    expect(alarmKindOfSensor('SP_TEMP')).toBe('temperature');
    expect(alarmKindOfSensor('SP_HUMID')).toBe('humidity');
    expect(SENSOR_TYPES.map(alarmKindOfSensor)).toEqual([
      'temperature',
      'humidity',
      'power',
      'water',
      'motion',
      'temperature',
      'humidity',
    ]);
  });

  it('decodes every combination it encodes', () => {
    const kinds = Object.keys(ALARM_FLAGS) as AlarmKind[];
    fc.assert(
      fc.property(fc.subarray(kinds), (chosen) => {
        const mask = encodeAlarmFlags(chosen);
        expect(decodeAlarmFlags(mask)).toEqual(kinds.filter((kind) => chosen.includes(kind)));
        for (const kind of kinds) expect(hasAlarmFlag(mask, kind)).toBe(chosen.includes(kind));
      }),
    );
  });

  it('ignores bits that mean nothing', () => {
    expect(decodeAlarmFlags(0x20 | 0x01)).toEqual(['power']);
  });
});

describe('alarmRangeForDisplay and alarmRangeForStorage', () => {
  it('converts temperature ranges between the user unit and stored °F (device-management §5)', () => {
    expect(alarmRangeForStorage('TEMP', { rangeMin: 5, rangeMax: 30 }, 'C')).toEqual({
      rangeMin: 41,
      rangeMax: 86,
    });
    expect(alarmRangeForDisplay('SP_TEMP', { rangeMin: 41, rangeMax: 86 }, 'C')).toEqual({
      rangeMin: 5,
      rangeMax: 30,
    });
    expect(alarmRangeForDisplay('TEMP', { rangeMin: 40, rangeMax: 85 }, 'F')).toEqual({
      rangeMin: 40,
      rangeMax: 85,
    });
  });

  it('leaves humidity and other ranges as they are whatever the unit', () => {
    const range = { rangeMin: 10, rangeMax: 70 };
    expect(alarmRangeForStorage('HUMIDITY', range, 'C')).toEqual(range);
    expect(alarmRangeForDisplay('SP_HUMID', range, 'C')).toEqual(range);
    expect(alarmRangeForDisplay('WATER', { rangeMin: 0, rangeMax: 0 }, 'C')).toEqual({
      rangeMin: 0,
      rangeMax: 0,
    });
  });
});
