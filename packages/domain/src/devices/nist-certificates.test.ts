import { describe, expect, it } from 'vitest';
import {
  benchCalibration,
  calibrationDueDate,
  CALIBRATION_POINTS_F,
  CALIBRATION_TOLERANCE_F,
  certificateNumber,
  checkPoint,
  isCalendarDate,
  isInCalibration,
} from './nist-certificates';

describe('NIST calibration certificates (device-management §2, §7)', () => {
  it('names a certificate by serial and calibration date, a second one that day with a suffix (§7 "certificate name")', () => {
    expect(certificateNumber('AB12CD', '2026-11-22')).toBe('NIST-AB12CD-20261122');
    expect(certificateNumber('AB12CD', '2026-11-22', 1)).toBe('NIST-AB12CD-20261122-2');
    expect(certificateNumber('AB12CD', '2026-11-22', 2)).toBe('NIST-AB12CD-20261122-3');
    expect(() => certificateNumber('AB12CD', '2026-02-30')).toThrow('Not a date');
  });

  it('falls due one year after calibration; 29 February on 28 February', () => {
    expect(calibrationDueDate('2026-11-22')).toBe('2027-11-22');
    expect(calibrationDueDate('2028-02-29')).toBe('2029-02-28');
    expect(calibrationDueDate('2027-02-28')).toBe('2028-02-28');
  });

  it('knows a calendar date', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('27-01-01')).toBe(false);
  });

  it('checks each point against the tolerance', () => {
    expect(checkPoint({ referenceF: 39.2, readingF: 39.6 })).toEqual({
      referenceF: 39.2,
      readingF: 39.6,
      errorF: 0.4,
      isPass: true,
    });
    expect(checkPoint({ referenceF: -4, readingF: -4 - CALIBRATION_TOLERANCE_F }).isPass).toBe(
      true,
    );
    expect(checkPoint({ referenceF: -4, readingF: -5.2 })).toMatchObject({
      errorF: -1.2,
      isPass: false,
    });
    expect(isInCalibration([{ referenceF: 77, readingF: 77.2 }])).toBe(true);
    expect(isInCalibration([{ referenceF: 77, readingF: 78 }])).toBe(false);
    expect(isInCalibration([])).toBe(false);
  });

  it('gives repeatable bench readings at every point, left within tolerance', () => {
    const first = benchCalibration('AB12CD', '2026-11-22');
    expect(benchCalibration('AB12CD', '2026-11-22')).toEqual(first);
    expect(benchCalibration('ZZ99ZZ', '2026-11-22')).not.toEqual(first);
    expect(first.asFound.map((p) => p.referenceF)).toEqual(CALIBRATION_POINTS_F);
    for (const point of first.asFound)
      expect(Math.abs(point.readingF - point.referenceF)).toBeLessThanOrEqual(1 + 1e-9);
    expect(isInCalibration(first.asLeft)).toBe(true);
    for (const point of first.asLeft)
      expect(Math.abs(point.readingF - point.referenceF)).toBeLessThanOrEqual(0.3 + 1e-9);
  });
});
