import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalsAgainstRange, formatBound } from './reading-precision';
import { roundTo } from '../shared/temperature';

const range = { min: 10, max: 70 };

describe('a reading shown with the precision that shows its breach (device-management §4: outside the range is an alarm)', () => {
  it('shows 9.6 under a minimum of 10 with one decimal, and a reading far outside or inside with none', () => {
    expect(decimalsAgainstRange(9.6, range)).toBe(1);
    expect(decimalsAgainstRange(70.4, range)).toBe(1);
    expect(decimalsAgainstRange(9.96, range)).toBe(2);
    expect(decimalsAgainstRange(5, range)).toBe(0);
    expect(decimalsAgainstRange(40, range)).toBe(0);
    // Back in range at the bound itself (the bound is in range).
    expect(decimalsAgainstRange(10, range)).toBe(0);
    // A temperature keeps its one decimal at least.
    expect(decimalsAgainstRange(91.24, { min: 40, max: 85 }, 1)).toBe(1);
  });

  it('never shows a reading on the wrong side of its range, rounded alike with its bounds', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 200, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (value, min, width) => {
          const max = min + width;
          const decimals = decimalsAgainstRange(value, { min, max });
          // Within the 3-decimal limit: a reading closer to its bound than that is not separable.
          const isSeparable = Math.min(Math.abs(value - min), Math.abs(value - max)) >= 0.001;
          if (!isSeparable) return;
          const shown = roundTo(value, decimals);
          const isShownOutside =
            shown < Number(formatBound(min, decimals)) ||
            shown > Number(formatBound(max, decimals));
          expect(isShownOutside).toBe(value < min || value > max);
        },
      ),
    );
  });

  it('writes bounds without trailing zeros', () => {
    expect(formatBound(40, 1)).toBe('40');
    expect(formatBound(4.444, 2)).toBe('4.44');
  });
});
