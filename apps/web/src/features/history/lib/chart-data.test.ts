import { describe, expect, it } from 'vitest';
import { alignSeries, lastReadingAt, powerOffMs, spellsToShade, splitPower } from './chart-data';

describe('alignSeries', () => {
  it('puts both series on one time axis, leaving gaps where only one has a point', () => {
    expect(
      alignSeries(
        [
          [1, 70],
          [3, 71],
        ],
        [
          [1, 40],
          [2, 41],
        ],
      ),
    ).toEqual({
      x: [1, 2, 3],
      temperature: [70, null, 71],
      humidity: [40, 41, null],
    });
  });
});

describe('splitPower', () => {
  it('draws On and OFF at 5 in their own series, 5.01 meaning OFF (device-management §9)', () => {
    expect(
      splitPower([
        [1, 5],
        [2, 5.01],
        [3, 5.01],
        [4, 5],
      ]),
    ).toEqual({
      x: [1, 2, 3, 4],
      on: [5, 5, null, 5],
      off: [null, 5, 5, 5],
    });
  });

  it('sums the time each OFF reading lasts until the next, within the period', () => {
    expect(
      powerOffMs(
        [
          [0, 5],
          [10, 5.01],
          [40, 5],
          [50, 5.01],
        ],
        60,
      ),
    ).toBe(40);
  });
});

describe('spellsToShade', () => {
  const window = { from: 1_000_000_000_000, to: 1_000_000_600_000 };

  it('cuts spells to the period and runs an open one to the last reading, never into the future (issue #24)', () => {
    expect(
      spellsToShade(
        [
          { AlarmType: 'TEMP', from: window.from - 5000, to: window.from + 1000 },
          { AlarmType: 'HUMIDITY', from: window.from + 2000, to: null },
          { AlarmType: 'POWER', from: window.from + 2000, to: window.from + 3000 },
        ],
        window,
        'readings',
        window.from + 9000,
      ),
    ).toEqual([
      { alarmType: 'TEMP', from: window.from, to: window.from + 1000 },
      { alarmType: 'HUMIDITY', from: window.from + 2000, to: window.from + 9000 },
    ]);
  });

  it('shades no open spell in a period without readings (issue #24)', () => {
    expect(
      spellsToShade(
        [{ AlarmType: 'TEMP', from: window.from - 5000, to: null }],
        window,
        'readings',
        null,
      ),
    ).toEqual([]);
  });

  it('finds the newest reading of any series', () => {
    expect(
      lastReadingAt(
        [
          [1, 70],
          [5, 71],
        ],
        [[7, 40]],
        [],
      ),
    ).toBe(7);
    expect(lastReadingAt([], [])).toBeNull();
  });

  it('keeps power spells for the power graph', () => {
    const spells = spellsToShade(
      [{ AlarmType: 'POWER', from: window.from + 2000, to: window.from + 3000 }],
      window,
      'power',
      window.to,
    );
    expect(spells).toHaveLength(1);
  });
});
