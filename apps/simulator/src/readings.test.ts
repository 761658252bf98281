import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOGIC_LEVELS, type LogicLevel } from '@monitor/domain/devices/pucks';
import { DAY_MS } from './events';
import { BATTERY_FLOOR, puckBatteryLevel } from './puck-readings';
import {
  createUnitProfile,
  generateReport,
  SIGNAL_MAX,
  SIGNAL_MIN,
  TEMPERATURE_NOISE,
  type UnitProfile,
} from './readings';

const HOUR_MS = 3_600_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const END = Date.parse('2027-12-31T00:00:00Z');

const timeArb = fc.integer({ min: START, max: END });
const imeiArb = fc.stringMatching(/^35\d{13}$/);
const deviceTypeArb = fc.constantFrom(1, 2, 4, 5, 6, 7, 8, 9, 10);
const logicLevelArb = fc.constantFrom<LogicLevel | null>(...LOGIC_LEVELS, null);
const puckArb = fc.record({ id: fc.stringMatching(/^[0-9A-F]{8}$/), logicLevel: logicLevelArb });

const profileArb = (eventRate: number) =>
  fc
    .record({
      imei: imeiArb,
      deviceType: deviceTypeArb,
      pucks: fc.array(puckArb, { maxLength: 4 }),
    })
    .map((unit): UnitProfile => {
      const profile = createUnitProfile(unit, START - 30 * DAY_MS);
      profile.eventRate = eventRate;
      return profile;
    });

describe('generateReport', () => {
  it('keeps temperature on a daily cycle within base ± amplitude and noise when nothing happens (device-management §3 LastRead)', () => {
    fc.assert(
      fc.property(profileArb(0), timeArb, (profile, time) => {
        const { Temperature } = generateReport(profile, time);
        const reach = profile.temperatureAmplitude + TEMPERATURE_NOISE + 0.05;
        expect(Math.abs(Temperature - profile.baseTemperature)).toBeLessThanOrEqual(reach);
      }),
    );
  });

  it('is warmer mid-afternoon than before dawn, local time', () => {
    fc.assert(
      fc.property(profileArb(0), fc.integer({ min: 0, max: 700 }), (profile, day) => {
        const midnightLocal = START + day * DAY_MS - profile.utcOffsetHours * HOUR_MS;
        const afternoon = generateReport(profile, midnightLocal + 15 * HOUR_MS).Temperature;
        const dawn = generateReport(profile, midnightLocal + 3 * HOUR_MS).Temperature;
        expect(afternoon).toBeGreaterThan(dawn);
      }),
    );
  });

  it('keeps humidity within 0–100 and signal strength a whole number within 10–31, events or not', () => {
    fc.assert(
      fc.property(profileArb(5), timeArb, (profile, time) => {
        const report = generateReport(profile, time);
        expect(report.Humidity).toBeGreaterThanOrEqual(0);
        expect(report.Humidity).toBeLessThanOrEqual(100);
        expect(Number.isInteger(report.SignalStrength)).toBe(true);
        expect(report.SignalStrength).toBeGreaterThanOrEqual(SIGNAL_MIN);
        expect(report.SignalStrength).toBeLessThanOrEqual(SIGNAL_MAX);
        expect([0, 1]).toContain(report.Power);
      }),
    );
  });

  it('moves humidity against temperature, as relative humidity does', () => {
    fc.assert(
      fc.property(profileArb(0), fc.integer({ min: 0, max: 700 }), (profile, day) => {
        fc.pre(profile.temperatureAmplitude > 3);
        const midnightLocal = START + day * DAY_MS - profile.utcOffsetHours * HOUR_MS;
        const warm = generateReport(profile, midnightLocal + 15 * HOUR_MS);
        const cool = generateReport(profile, midnightLocal + 3 * HOUR_MS);
        expect(warm.Humidity).toBeLessThan(cool.Humidity);
      }),
    );
  });

  it('gives the same report for the same profile and time (seeded, so a back-fill repeats itself)', () => {
    fc.assert(
      fc.property(profileArb(1), timeArb, (profile, time) => {
        expect(generateReport(profile, time)).toEqual(generateReport(profile, time));
      }),
    );
  });

  it('never lets a puck battery rise, and keeps it within the floor and 254 (device-management §9)', () => {
    fc.assert(
      fc.property(profileArb(0), timeArb, timeArb, (profile, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        for (const puck of profile.pucks) {
          const before = puckBatteryLevel(puck, early);
          const after = puckBatteryLevel(puck, late);
          expect(after).toBeLessThanOrEqual(before);
          expect(after).toBeGreaterThanOrEqual(BATTERY_FLOOR);
          expect(before).toBeLessThanOrEqual(254);
        }
      }),
    );
  });

  it('drains a new puck battery from 254 to 30 over about ten months (device-management §9 battery)', () => {
    const [puck] = createUnitProfile(
      { imei: '351234567890123', deviceType: 4, pucks: [{ id: '0A1B2C3D', logicLevel: 32775 }] },
      START,
    ).pucks;
    if (!puck) throw new Error('no puck');
    expect(puckBatteryLevel(puck, START)).toBe(254);
    expect(puckBatteryLevel(puck, START + 30 * DAY_MS)).toBeLessThan(240);
    expect(puckBatteryLevel(puck, START + 180 * DAY_MS)).toBeGreaterThan(BATTERY_FLOOR);
    expect(puckBatteryLevel(puck, START + 400 * DAY_MS)).toBe(BATTERY_FLOOR);
  });

  it('never sends 99.90, the ignored puck reading (device-management §4, §9)', () => {
    fc.assert(
      fc.property(profileArb(1), timeArb, (profile, time) => {
        for (const puck of generateReport(profile, time).Peripherals ?? []) {
          expect(puck.Temperature).not.toBe(99.9);
          expect(puck.Humidity).not.toBe(99.9);
        }
      }),
    );
  });

  it('reads Power 1 almost always, with rare random cuts over a year', () => {
    const profile = createUnitProfile({ imei: '351234567890123', deviceType: 4, pucks: [] }, START);
    const hourly = Array.from({ length: 365 * 24 }, (_, hour) =>
      generateReport(profile, START + hour * HOUR_MS),
    );
    const off = hourly.filter((report) => report.Power === 0).length;
    const wet = hourly.filter((report) => report.Water === 1).length;
    expect(off / hourly.length).toBeLessThan(0.02);
    expect(wet / hourly.length).toBeLessThan(0.02);
    expect(off + wet).toBeGreaterThan(0);
  });
});

describe('scripted events', () => {
  const at = Date.parse('2026-11-22T12:00:00Z');
  const quiet = (): UnitProfile => {
    const profile = createUnitProfile({ imei: '351234567890123', deviceType: 4, pucks: [] }, at);
    profile.eventRate = 0;
    return profile;
  };

  it('reads Power 0 during a power cut and 1 after it (device-management §4 power status)', () => {
    const profile = quiet();
    profile.scriptedEvents = [{ kind: 'powerCut', startMs: at, durationMs: HOUR_MS }];
    expect(generateReport(profile, at + 30 * 60_000).Power).toBe(0);
    expect(generateReport(profile, at + 2 * HOUR_MS).Power).toBe(1);
  });

  it('reads Water 1 during a leak (device-management §4 status levels)', () => {
    const profile = quiet();
    profile.scriptedEvents = [{ kind: 'waterLeak', startMs: at, durationMs: HOUR_MS }];
    expect(generateReport(profile, at + 10 * 60_000).Water).toBe(1);
    expect(generateReport(profile, at - 10 * 60_000).Water).toBe(0);
  });

  it('drops the temperature over hours in a furnace failure, then recovers', () => {
    const profile = quiet();
    const normal = (time: number) => generateReport(profile, time).Temperature;
    const baseline = [1, 3, 6].map((hours) => normal(at + hours * HOUR_MS));
    profile.scriptedEvents = [
      { kind: 'temperatureExcursion', startMs: at, durationMs: 10 * HOUR_MS, depth: 25 },
    ];
    const during = [1, 3, 6].map((hours) => normal(at + hours * HOUR_MS));
    const drops = during.map((value, i) => (baseline[i] ?? 0) - value);
    expect(drops[0]).toBeGreaterThan(2);
    expect(drops[1]).toBeGreaterThan(drops[0] ?? 0);
    expect(drops[2]).toBeGreaterThan(20);
    const afterRepair = normal(at + 11 * HOUR_MS);
    profile.scriptedEvents = [];
    expect(afterRepair).toBe(normal(at + 11 * HOUR_MS));
  });
});

describe('unit sensors by model', () => {
  const at = Date.parse('2026-11-22T12:00:00Z');
  const sensorsOf = (deviceType: number) => {
    const report = generateReport(
      createUnitProfile({ imei: '351234567890123', deviceType, pucks: [] }, at),
      at,
    );
    return { hasWater: 'Water' in report, hasMotion: 'Motion' in report };
  };

  it('leaves out Water and Motion on NIST units, Motion on basic units (device-management §4 device types)', () => {
    expect(sensorsOf(8)).toEqual({ hasWater: false, hasMotion: false });
    expect(sensorsOf(1)).toEqual({ hasWater: true, hasMotion: false });
    expect(sensorsOf(4)).toEqual({ hasWater: true, hasMotion: true });
  });
});
