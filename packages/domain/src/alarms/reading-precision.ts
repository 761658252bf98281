import { roundTo } from '../shared/temperature';

/**
 * How many decimals a reading needs beside its alarm range so that what the owner reads agrees
 * with the alarm: a humidity of 9.6 % under a minimum of 10 % shows as '9.6', not '10', which
 * would look in range (device-management §4: outside the range is an alarm). The reading and the
 * bounds are rounded alike; the fewest decimals (from `fewest`, at most 3) at which the rounded
 * reading is outside the rounded range exactly when the reading is outside the range.
 */
export function decimalsAgainstRange(
  value: number,
  range: { min: number; max: number },
  fewest = 0,
): number {
  const isOutside = value < range.min || value > range.max;
  const MOST = 3;
  for (let decimals = fewest; decimals < MOST; decimals += 1) {
    const shown = roundTo(value, decimals);
    const isShownOutside =
      shown < roundTo(range.min, decimals) || shown > roundTo(range.max, decimals);
    if (isShownOutside === isOutside) return decimals;
  }
  return MOST;
}

/** A number rounded to `decimals` with trailing zeros dropped: a bound reads '40', '4.44'. */
export function formatBound(value: number, decimals: number): string {
  return String(roundTo(value, decimals));
}
