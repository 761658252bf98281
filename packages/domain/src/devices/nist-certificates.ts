import { roundTo } from '../shared/temperature';

/**
 * NIST calibration certificates of the NIST models (types 8, 9, 10; device-management §2, §7):
 * one per calibration, named by its certificate number; the file is that name with '.pdf'. A
 * unit's current certificate is its newest. Temperatures are °F, as the app stores them.
 */

/** A calibration is due one year after it was made. */
export const CALIBRATION_INTERVAL_YEARS = 1;

/**
 * The calibration points, °F: −20 °C (freezer), 4 °C (refrigerator, vaccines 2–8 °C), 25 °C (room).
 */
export const CALIBRATION_POINTS_F: readonly number[] = [-4, 39.2, 77];

/** The largest error a point may show and pass, °F (±0.5 °C). */
export const CALIBRATION_TOLERANCE_F = 0.9;

/** The reference thermometer the units are compared with. */
export const DEFAULT_REFERENCE_INSTRUMENT =
  'Fluke 1524 reference thermometer with 5616 PRT, S/N B71203, NIST-traceable calibration';

/** One comparison: what the reference read and what the unit read, °F. */
export type CalibrationPoint = { referenceF: number; readingF: number };

/** A point with its error (reading − reference, °F, to 0.01) and whether it is within tolerance. */
export type CheckedPoint = CalibrationPoint & { errorF: number; isPass: boolean };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The certificate number: `NIST-<serial>-<yyyymmdd>` of the calibration date; a second
 * calibration of the unit on one day is `…-2`, then `…-3` (`sameDayCount` certificates of that
 * unit and day exist already).
 */
export function certificateNumber(serial: string, calibratedOn: string, sameDayCount = 0): string {
  if (!isCalendarDate(calibratedOn)) throw new Error(`Not a date: ${calibratedOn}`);
  const base = `NIST-${serial}-${calibratedOn.replaceAll('-', '')}`;
  return sameDayCount === 0 ? base : `${base}-${sameDayCount + 1}`;
}

/** The date the next calibration is due: one year on; 29 February falls due on 28 February. */
export function calibrationDueDate(calibratedOn: string): string {
  if (!isCalendarDate(calibratedOn)) throw new Error(`Not a date: ${calibratedOn}`);
  const [y, m, d] = calibratedOn.split('-').map(Number) as [number, number, number];
  const year = y + CALIBRATION_INTERVAL_YEARS;
  const day = m === 2 && d === 29 && !isCalendarDate(`${year}-02-29`) ? 28 : d;
  return `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date (YYYY-MM-DD) of `at` in UTC. */
export function calendarDateOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A point's error and verdict. */
export function checkPoint(point: CalibrationPoint): CheckedPoint {
  const errorF = roundTo(point.readingF - point.referenceF, 2);
  return { ...point, errorF, isPass: Math.abs(errorF) <= CALIBRATION_TOLERANCE_F };
}

/** Whether every as-left point is within tolerance: the unit leaves the bench in calibration. */
export function isInCalibration(asLeft: readonly CalibrationPoint[]): boolean {
  return asLeft.length > 0 && asLeft.every((point) => checkPoint(point).isPass);
}

/** A repeatable number in [0, 1) from a seed (FNV-1a, then xorshift), for bench readings. */
function seeded(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/**
 * The bench's readings when a unit is provisioned without measured values (admin
 * provision-devices, the demo): repeatable for a serial and date, as found within ±1 °F of the
 * reference (a unit may arrive out of tolerance) and as left within ±0.3 °F after adjustment.
 */
export function benchCalibration(
  serial: string,
  calibratedOn: string,
): { asFound: CalibrationPoint[]; asLeft: CalibrationPoint[] } {
  const random = seeded(`${serial}/${calibratedOn}`);
  const offset = (spread: number) => roundTo((random() * 2 - 1) * spread, 1);
  const asFound = CALIBRATION_POINTS_F.map((referenceF) => ({
    referenceF,
    readingF: roundTo(referenceF + offset(1), 1),
  }));
  const asLeft = CALIBRATION_POINTS_F.map((referenceF) => ({
    referenceF,
    readingF: roundTo(referenceF + offset(0.3), 1),
  }));
  return { asFound, asLeft };
}
