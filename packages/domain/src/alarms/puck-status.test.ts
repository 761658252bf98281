import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluatePuckStatus,
  evaluatePuckWater,
  isPuckReadingIgnored,
  usablePuckReading,
  type PuckStatusFacts,
} from './puck-status';
import { LOGIC_LEVELS, puckSensors } from '../devices/pucks';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const tempRange = { min: 40, max: 80 };
const humidityRange = { min: 10, max: 70 };
const calm: PuckStatusFacts = {
  logicLevel: 32775,
  temperature: { value: 60, range: tempRange, lastRangeChange: null },
  humidity: { value: 40, range: humidityRange, lastRangeChange: null },
  water: 0,
  batteryLevel: 90,
};

describe('puck sentinels (device-management §4, §9)', () => {
  it('ignores a reading of 99.90', () => {
    expect(isPuckReadingIgnored(99.9)).toBe(true);
    expect(isPuckReadingIgnored(99.8)).toBe(false);
    expect(usablePuckReading(99.9)).toBeNull();
  });

  it('treats 255 as not available', () => {
    expect(usablePuckReading(255)).toBeNull();
    expect(usablePuckReading(254)).toBe(254);
    expect(usablePuckReading(null)).toBeNull();
  });

  it('does not turn an ignored temperature red', () => {
    const ignored = { ...calm, temperature: { ...calm.temperature!, value: 99.9 } };
    expect(evaluatePuckStatus(ignored, now)).toMatchObject({
      level: 0,
      temperature: { state: 'unavailable' },
    });
  });

  it('does not turn a 255 humidity red', () => {
    const missing = { ...calm, humidity: { ...calm.humidity!, value: 255 } };
    expect(evaluatePuckStatus(missing, now).level).toBe(0);
  });
});

describe('evaluatePuckWater (device-management §4 "Puck water")', () => {
  it.each([
    [0, 90, 0],
    [1, 90, 2],
    [0, 1, 2],
    [0, 10, 2],
    [0, 11, 1],
    [0, 20, 1],
    [0, 21, 0],
    [1, 15, 2],
  ] as const)('water %i with battery %i is level %i', (water, battery, level) => {
    expect(evaluatePuckWater(water, battery)).toBe(level);
  });

  it('still warns of a low battery when the water value is not available', () => {
    expect(evaluatePuckWater(255, 15)).toBe(1);
    expect(evaluatePuckWater(null, 5)).toBe(2);
  });

  it('has nothing to show with neither value', () => {
    expect(evaluatePuckWater(null, null)).toBeNull();
    expect(evaluatePuckWater(255, 255)).toBeNull();
  });
});

describe('evaluatePuckStatus (device-management §4)', () => {
  it('is green with everything inside its range', () => {
    expect(evaluatePuckStatus(calm, now)).toMatchObject({ level: 0, colour: 'green' });
  });

  it('is red for a temperature or humidity outside its range', () => {
    const hot = { ...calm, temperature: { ...calm.temperature!, value: 81 } };
    const dry = { ...calm, humidity: { ...calm.humidity!, value: 9 } };
    expect(evaluatePuckStatus(hot, now).colour).toBe('red');
    expect(evaluatePuckStatus(dry, now).colour).toBe('red');
  });

  it('is yellow within 5 units of a bound', () => {
    const cool = { ...calm, temperature: { ...calm.temperature!, value: 44 } };
    expect(evaluatePuckStatus(cool, now).colour).toBe('yellow');
  });

  it('is red for water, and yellow for a battery of 11 to 20', () => {
    expect(evaluatePuckStatus({ ...calm, water: 1 }, now).colour).toBe('red');
    expect(evaluatePuckStatus({ ...calm, batteryLevel: 18 }, now).colour).toBe('yellow');
  });

  it('shows only humidity for 32772, so its temperature and water count toward nothing', () => {
    const puck = {
      ...calm,
      logicLevel: 32772 as const,
      temperature: { ...calm.temperature!, value: 200 },
      water: 1,
    };
    expect(evaluatePuckStatus(puck, now)).toMatchObject({
      level: 0,
      temperature: null,
      water: null,
    });
  });

  it('shows only temperature for 32770', () => {
    const puck = { ...calm, logicLevel: 32770 as const, humidity: { ...calm.humidity!, value: 0 } };
    expect(evaluatePuckStatus(puck, now)).toMatchObject({ level: 0, humidity: null });
  });

  it('shows water and battery for an older puck without a logic level', () => {
    expect(evaluatePuckStatus({ ...calm, logicLevel: null, water: 1 }, now).level).toBe(2);
  });

  it('suppresses a reading inside its range whose range changed 1 to 29 minutes ago', () => {
    const value = calm.temperature!.value;
    const changed = {
      ...calm,
      temperature: { ...calm.temperature!, value, lastRangeChange: minutesAgo(5) },
    };
    expect(evaluatePuckStatus(changed, now)).toMatchObject({ level: 0, isSyncing: true });
  });

  it('issue #23 finding 1: shows a reading out of range whose range changed 5 minutes ago as an alarm, not syncing', () => {
    const changed = {
      ...calm,
      temperature: { ...calm.temperature!, value: 200, lastRangeChange: minutesAgo(5) },
    };
    expect(evaluatePuckStatus(changed, now)).toMatchObject({ level: 2, isSyncing: false });
  });

  it('never shows green while a reading its status shows is outside its range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOGIC_LEVELS),
        fc.constantFrom('temperature' as const, 'humidity' as const),
        fc.oneof(
          fc.double({ min: -100, max: 9.99, noNaN: true }),
          fc.double({ min: 80.01, max: 254, noNaN: true }),
        ),
        fc.option(fc.integer({ min: 30, max: 100_000 })),
        fc.option(fc.integer({ min: 0, max: 255 })),
        fc.option(fc.integer({ min: 0, max: 255 })),
        (logicLevel, sensor, value, changedMinutesAgo, water, batteryLevel) => {
          fc.pre(puckSensors(logicLevel).statusSensors.includes(sensor));
          fc.pre(!isPuckReadingIgnored(value));
          const lastRangeChange = changedMinutesAgo === null ? null : minutesAgo(changedMinutesAgo);
          const range = { min: 10, max: 80 };
          const status = evaluatePuckStatus(
            {
              ...calm,
              logicLevel,
              water,
              batteryLevel,
              [sensor]: { value, range, lastRangeChange },
            },
            now,
          );
          expect(status.level).toBe(2);
          expect(status.colour).not.toBe('green');
        },
      ),
    );
  });
});
