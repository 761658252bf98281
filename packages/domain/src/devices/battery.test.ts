import { describe, expect, it } from 'vitest';
import { batteryVoltage, classifyBatteryLevel } from './battery';

describe('classifyBatteryLevel (device-management §4, §9)', () => {
  it.each([
    [1, 'critical'],
    [10, 'critical'],
    [11, 'low'],
    [20, 'low'],
    [21, 'ok'],
    [100, 'ok'],
  ] as const)('puts level %i at %s (thresholds 10 and 20 percent)', (level, state) => {
    expect(classifyBatteryLevel(level)).toBe(state);
  });

  it('treats 255 as not available (sentinel)', () => {
    expect(classifyBatteryLevel(255)).toBe('unavailable');
  });

  it('treats a missing level or one below 1 as not available', () => {
    expect(classifyBatteryLevel(null)).toBe('unavailable');
    expect(classifyBatteryLevel(0)).toBe('unavailable');
  });
});

describe('batteryVoltage (device-management §9)', () => {
  it('is count × 0.048 + 1.70', () => {
    expect(batteryVoltage(0)).toBe(1.7);
    expect(batteryVoltage(25)).toBe(2.9);
    expect(batteryVoltage(30)).toBe(3.14);
    expect(batteryVoltage(31)).toBe(3.188);
  });
});
