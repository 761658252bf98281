import { describe, expect, it } from 'vitest';
import type { LogicLevel } from '@monitor/domain/devices/pucks';
import { createPuckProfile, generatePuckReading } from './puck-readings';

const AT = Date.parse('2026-11-22T12:00:00Z');

/** device-management §4 "Puck logic level", row by row, written out from the spec. */
const LOGIC_LEVEL_TABLE: [LogicLevel | null, string[]][] = [
  [32775, ['Temperature', 'Humidity', 'Water']],
  [32774, ['Temperature', 'Humidity']],
  [32773, ['Humidity', 'Water']],
  [32772, ['Humidity', 'Water']],
  [32771, ['Temperature', 'Water']],
  [32770, ['Temperature', 'Water']],
  [32769, ['Water']],
  [null, ['Water']],
];

describe('generatePuckReading', () => {
  it.each(LOGIC_LEVEL_TABLE)(
    'sends only the sensors logic level %s enables, with the battery (device-management §4)',
    (logicLevel, sensors) => {
      for (const serial of ['0A1B2C3D', '11223344', 'DEADBEEF']) {
        const profile = createPuckProfile(serial, logicLevel, AT);
        for (const hours of [0, 5, 13, 400]) {
          const reading = generatePuckReading(profile, AT + hours * 3_600_000);
          expect(Object.keys(reading).sort()).toEqual(['BatteryLevel', 'Id', ...sensors].sort());
          expect(reading.Id).toBe(serial);
        }
      }
    },
  );

  it('reads Water 1 during a scripted leak at the puck', () => {
    const profile = createPuckProfile('0A1B2C3D', 32769, AT);
    profile.eventRate = 0;
    profile.scriptedEvents = [{ kind: 'waterLeak', startMs: AT, durationMs: 3_600_000 }];
    expect(generatePuckReading(profile, AT + 60_000).Water).toBe(1);
    expect(generatePuckReading(profile, AT + 2 * 3_600_000).Water).toBe(0);
  });
});

describe('puck climate', () => {
  it('stays inside the default puck ranges 40–80 °F and 10–70 %RH when nothing happens (device-management §9)', () => {
    for (const serial of ['0A1B2C3D', '11223344', 'DEADBEEF', '00000001', 'CAFEF00D']) {
      const profile = createPuckProfile(serial, 32775, AT);
      for (let hour = 0; hour < 24 * 14; hour += 1) {
        const reading = generatePuckReading(profile, AT + hour * 3_600_000);
        expect(reading.Temperature).toBeGreaterThanOrEqual(40);
        expect(reading.Temperature).toBeLessThanOrEqual(80);
        expect(reading.Humidity).toBeGreaterThanOrEqual(10);
        expect(reading.Humidity).toBeLessThanOrEqual(70);
      }
    }
  });
});
