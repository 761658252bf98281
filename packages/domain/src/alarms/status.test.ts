import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineStatus,
  evaluateDeviceStatus,
  evaluatePowerStatus,
  evaluateRangeReading,
  isDeviceOff,
  isRangeChangeRecent,
  isReadingSyncing,
  rangeStatus,
  statusColour,
  worstStatus,
  type DeviceStatusFacts,
} from './status';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const range = { min: 40, max: 85 };
const reading = (value: number | null, lastRangeChange: Date | null = null) => ({
  value,
  range,
  lastRangeChange,
});
const quiet: DeviceStatusFacts = {
  deviceType: 1,
  isMuted: false,
  power: 1,
  temperature: reading(60),
  humidity: { value: 40, range: { min: 10, max: 70 }, lastRangeChange: null },
  water: 0,
  motion: 0,
};

describe('status levels (device-management §4)', () => {
  it('colours 0 green, 1 yellow, 2 red', () => {
    expect([0, 1, 2].map((level) => statusColour(level as 0 | 1 | 2))).toEqual([
      'green',
      'yellow',
      'red',
    ]);
  });

  it('lets red override yellow, and yellow green', () => {
    expect(worstStatus([1, 2, 0])).toBe(2);
    expect(worstStatus([0, 1])).toBe(1);
    expect(worstStatus([])).toBe(0);
  });
});

describe('combineStatus (device-management §4)', () => {
  it('takes the worst level of the readings and other levels, skipping syncing and missing ones', () => {
    const syncing = { state: 'syncing', level: null, isRangeChanged: true } as const;
    const warning = { state: 'warning', level: 1, isRangeChanged: false } as const;
    expect(combineStatus([syncing, warning, null], [null, 0])).toEqual({
      level: 1,
      colour: 'yellow',
      isSyncing: true,
    });
    expect(combineStatus([warning], [2])).toEqual({ level: 2, colour: 'red', isSyncing: false });
    expect(combineStatus([])).toEqual({ level: 0, colour: 'green', isSyncing: false });
  });
});

describe('rangeStatus (device-management §4, §9 "warning margin 5 units")', () => {
  it.each([
    [39.9, 2],
    [40, 1],
    [45, 1],
    [45.1, 0],
    [79.9, 0],
    [80, 1],
    [85, 1],
    [85.1, 2],
  ])('puts %d against 40–85 at level %i', (value, level) => {
    expect(rangeStatus(value, range)).toBe(level);
  });
});

describe('sync window (device-management §4, §9 "sync window 30 minutes")', () => {
  it.each([
    [0.5, false, true],
    [1, true, true],
    [29.9, true, true],
    [30, false, false],
    [45, false, false],
  ])(
    'a range changed %d minutes ago: syncing %s, range-change flag %s',
    (minutes, syncing, flag) => {
      expect(isReadingSyncing(minutesAgo(minutes), now)).toBe(syncing);
      expect(isRangeChangeRecent(minutesAgo(minutes), now)).toBe(flag);
    },
  );

  it('neither syncs nor flags a range never changed', () => {
    expect(isReadingSyncing(null, now)).toBe(false);
    expect(isRangeChangeRecent(null, now)).toBe(false);
  });

  it('suppresses a reading inside its range in its sync window so it counts toward nothing', () => {
    expect(evaluateRangeReading(reading(82, minutesAgo(10)), now)).toEqual({
      state: 'syncing',
      level: null,
      isRangeChanged: true,
    });
  });
});

describe('evaluateDeviceStatus (device-management §4)', () => {
  it('is green with every reading well inside its range', () => {
    expect(evaluateDeviceStatus(quiet, now)).toMatchObject({ level: 0, colour: 'green' });
  });

  it('is red when power is off and the device is not muted', () => {
    expect(evaluateDeviceStatus({ ...quiet, power: 0 }, now).level).toBe(2);
  });

  it('is red when the device is muted, power on or off', () => {
    expect(evaluateDeviceStatus({ ...quiet, isMuted: true }, now).level).toBe(2);
    expect(evaluateDeviceStatus({ ...quiet, isMuted: true, power: 0 }, now).level).toBe(2);
  });

  it('is red when an active temperature is outside its range', () => {
    expect(evaluateDeviceStatus({ ...quiet, temperature: reading(90) }, now).level).toBe(2);
  });

  it('ignores temperature whose alarm is not active', () => {
    expect(evaluateDeviceStatus({ ...quiet, temperature: null }, now).level).toBe(0);
  });

  it('is red when an active humidity is outside its range on a non-NIST device', () => {
    const humid = { ...quiet, humidity: { ...quiet.humidity!, value: 75 } };
    expect(evaluateDeviceStatus(humid, now).level).toBe(2);
  });

  it.each([8, 9, 10])('leaves humidity out on NIST type %i', (deviceType) => {
    const humid = { ...quiet, deviceType, humidity: { ...quiet.humidity!, value: 99 } };
    const status = evaluateDeviceStatus(humid, now);
    expect(status.level).toBe(0);
    expect(status.humidity).toBeNull();
  });

  it('is red when water or motion reads 1', () => {
    expect(evaluateDeviceStatus({ ...quiet, water: 1 }, now).level).toBe(2);
    expect(evaluateDeviceStatus({ ...quiet, motion: 1 }, now).level).toBe(2);
  });

  it('is yellow when a reading is within 5 units of a bound', () => {
    expect(evaluateDeviceStatus({ ...quiet, temperature: reading(83) }, now)).toMatchObject({
      level: 1,
      colour: 'yellow',
    });
  });

  it('stays red when one reading is red and another yellow', () => {
    const mixed = { ...quiet, temperature: reading(42), water: 1 };
    expect(evaluateDeviceStatus(mixed, now).level).toBe(2);
  });

  it('issue #23 finding 1: shows an out-of-range reading whose range changed 10 minutes ago as the alarm it raised, not syncing, and keeps the range-change flag', () => {
    const status = evaluateDeviceStatus(
      { ...quiet, temperature: reading(95, minutesAgo(10)) },
      now,
    );
    expect(status.level).toBe(2);
    expect(status.isSyncing).toBe(false);
    expect(status.temperature).toEqual({ state: 'alarm', level: 2, isRangeChanged: true });
  });

  it('never shows green while an active, settled reading is outside its range', () => {
    const outside = fc.oneof(
      fc.double({ min: -999, max: 39.99, noNaN: true }),
      fc.double({ min: 85.01, max: 999, noNaN: true }),
    );
    fc.assert(
      fc.property(
        outside,
        fc.double({ min: -999, max: 999, noNaN: true }),
        fc.boolean(),
        fc.constantFrom(null, 0, 1),
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 30, max: 100_000 }),
        (temperature, humidity, isMuted, power, deviceType, minutesSinceChange) => {
          const status = evaluateDeviceStatus(
            {
              ...quiet,
              deviceType,
              isMuted,
              power,
              temperature: reading(temperature, minutesAgo(minutesSinceChange)),
              humidity: { ...quiet.humidity!, value: humidity },
            },
            now,
          );
          expect(status.level).toBe(2);
          expect(status.colour).not.toBe('green');
        },
      ),
    );
  });

  it('issue #23: shows an out-of-range reading as red whenever its range changed', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: -200, max: 300, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 120, noNaN: true })),
        (a, b, value, changedMinutesAgo) => {
          const bounds = { min: Math.min(a, b), max: Math.max(a, b) };
          fc.pre(value < bounds.min || value > bounds.max);
          const status = evaluateRangeReading(
            {
              value,
              range: bounds,
              lastRangeChange: changedMinutesAgo === null ? null : minutesAgo(changedMinutesAgo),
            },
            now,
          );
          expect(status.state).toBe('alarm');
        },
      ),
    );
  });
});

describe('evaluatePowerStatus (device-management §4 "Power display")', () => {
  it('shows power off and not muted as level 2 OFF', () => {
    expect(evaluatePowerStatus({ power: 0, isMuted: false })).toEqual({ level: 2, label: 'OFF' });
  });

  it('shows power on as level 0', () => {
    expect(evaluatePowerStatus({ power: 1, isMuted: false })).toEqual({ level: 0, label: 'ON' });
  });

  it('shows a muted device as level 1 Device OFF, whatever the power', () => {
    expect(evaluatePowerStatus({ power: 0, isMuted: true })).toEqual({
      level: 1,
      label: 'Device OFF',
    });
    expect(evaluatePowerStatus({ power: 1, isMuted: true })).toEqual({
      level: 1,
      label: 'Device OFF',
    });
  });

  it('shows nothing without a power reading', () => {
    expect(evaluatePowerStatus({ power: null, isMuted: false })).toBeNull();
  });

  it('reads Mute equal to 1 as Device OFF', () => {
    expect(isDeviceOff(1)).toBe(true);
    expect(isDeviceOff(0)).toBe(false);
    expect(isDeviceOff(null)).toBe(false);
  });
});
