import { describe, expect, it } from 'vitest';
import {
  areAllPuckAlarmsDisabled,
  buildLogicLevelUpdate,
  canAddPeripheral,
  compactPuckSerial,
  formatPuckSerial,
  hasPuckGraph,
  hasSelectedPuckAlarm,
  isLogicLevel,
  logicLevelAfterChange,
  puckSensors,
  type LogicLevel,
} from './pucks';

describe('puckSensors: the logic-level table (device-management §4 "Puck logic level")', () => {
  it.each([
    [32775, ['temperature', 'humidity', 'water'], ['temperature', 'humidity', 'water']],
    [32774, ['temperature', 'humidity'], ['temperature', 'humidity']],
    [32773, ['humidity', 'water'], ['humidity', 'water']],
    [32772, ['humidity', 'water'], ['humidity']],
    [32771, ['temperature', 'water'], ['temperature', 'water']],
    [32770, ['temperature', 'water'], ['temperature']],
    [32769, ['water'], ['water']],
    [null, ['water'], ['water']],
  ] as const)('level %s has sensors %j and shows %j on status', (level, sensors, status) => {
    expect(puckSensors(level).sensors).toEqual(sensors);
    expect(puckSensors(level).statusSensors).toEqual(status);
  });

  it.each([
    [32775, ['temperature', 'humidity']],
    [32774, ['temperature', 'humidity']],
    [32773, ['humidity']],
    [32772, ['humidity']],
    [32771, ['temperature']],
    [32770, ['temperature']],
  ] as const)('level %s graphs %j', (level, graph) => {
    expect(puckSensors(level).graphSensors).toEqual(graph);
    expect(hasPuckGraph(level)).toBe(true);
  });

  it('has no data graph for a water-only puck, with or without a logic level', () => {
    expect(hasPuckGraph(32769)).toBe(false);
    expect(hasPuckGraph(null)).toBe(false);
  });

  it('knows exactly the seven levels of the table', () => {
    expect([32768, 32769, 32775, 32776, 0, '32775'].map(isLogicLevel)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('logicLevelAfterChange (device-management §4 "adds 1 … subtracts 1")', () => {
  it.each([
    [32774, 1, 32775],
    [32775, -1, 32774],
    [32772, 1, 32773],
    [32773, -1, 32772],
    [32770, 1, 32771],
    [32771, -1, 32770],
  ] as const)('takes %i by %i to %i', (level, setType, next) => {
    expect(logicLevelAfterChange(level, setType)).toBe(next);
  });

  it.each([
    [32775, 1],
    [32773, 1],
    [32771, 1],
    [32774, -1],
    [32772, -1],
    [32770, -1],
  ] as const)(
    'refuses %i by %i, which would leave the puck’s row of the table',
    (level, setType) => {
      expect(logicLevelAfterChange(level as LogicLevel, setType)).toBeNull();
    },
  );

  it('refuses to disable the only alarm of a water-only puck (at least one alarm stays)', () => {
    expect(logicLevelAfterChange(32769, -1)).toBeNull();
    expect(logicLevelAfterChange(32769, 1)).toBeNull();
  });

  it('does no arithmetic for an older puck without a logic level', () => {
    expect(logicLevelAfterChange(null, 1)).toBeNull();
  });

  it('builds the update call with the puck id, alarm types and set value (device-management §7)', () => {
    expect(buildLogicLevelUpdate('0A1B2C3D', ['WATER'], -1)).toEqual({
      id: '0A1B2C3D',
      alarmType: ['WATER'],
      setType: -1,
    });
  });
});

describe('puck alarm selection (device-management §4, §5)', () => {
  const none = { temperature: false, humidity: false, water: false };

  it('flags all alarms disabled only when temperature, humidity and water are all off', () => {
    expect(areAllPuckAlarmsDisabled(none)).toBe(true);
    expect(areAllPuckAlarmsDisabled({ ...none, water: true })).toBe(false);
    expect(areAllPuckAlarmsDisabled({ ...none, temperature: true })).toBe(false);
    expect(areAllPuckAlarmsDisabled({ ...none, humidity: true })).toBe(false);
  });

  it('needs at least one selected alarm type the puck supports', () => {
    expect(hasSelectedPuckAlarm(32775, none)).toBe(false);
    expect(hasSelectedPuckAlarm(32775, { ...none, humidity: true })).toBe(true);
    expect(hasSelectedPuckAlarm(32774, { ...none, water: true })).toBe(false);
    expect(hasSelectedPuckAlarm(null, { ...none, water: true })).toBe(true);
  });
});

describe('peripheral maximum (device-management §5, §9)', () => {
  it('allows adding up to 16 pucks and blocks the 17th', () => {
    expect(canAddPeripheral(0)).toBe(true);
    expect(canAddPeripheral(15)).toBe(true);
    expect(canAddPeripheral(16)).toBe(false);
  });
});

describe('puck serial display (device-management §3)', () => {
  it('puts a hyphen after every 2 characters', () => {
    expect(formatPuckSerial('0A1B2C3D')).toBe('0A-1B-2C-3D');
  });

  it('does not double hyphens already there, and keeps an odd last character', () => {
    expect(formatPuckSerial('0A-1B-2C-3D')).toBe('0A-1B-2C-3D');
    expect(formatPuckSerial('ABC')).toBe('AB-C');
    expect(formatPuckSerial('')).toBe('');
  });

  it('takes the hyphens back out for storage', () => {
    expect(compactPuckSerial('0A-1B-2C-3D')).toBe('0A1B2C3D');
  });
});
