import { describe, expect, it } from 'vitest';
import { dueReportWeek, lastDayOfReportWeek, reportWeekStarting } from './weekly-report';

describe('dueReportWeek (issue #12 scheduled reports: Monday morning in the device’s time zone)', () => {
  it('is due from 07:00 local on Monday for the week from the previous Monday 00:00 local', () => {
    // Monday 2026-11-23 12:00 UTC is 07:00 Eastern (GMT-5).
    const week = dueReportWeek(new Date('2026-11-23T12:00:00Z'), -5);
    expect(week).toEqual({
      weekStart: '2026-11-16',
      from: new Date('2026-11-16T05:00:00Z'),
      to: new Date('2026-11-23T05:00:00Z'),
    });
  });

  it('is not due before 07:00 local, though it is already Monday in UTC', () => {
    expect(dueReportWeek(new Date('2026-11-23T11:59:59Z'), -5)).toBeNull();
  });

  it('stays due for the rest of the local Monday, so a missed sweep catches up', () => {
    // 23:30 Pacific on Monday is Tuesday 07:30 UTC.
    expect(dueReportWeek(new Date('2026-11-24T07:30:00Z'), -8)?.weekStart).toBe('2026-11-16');
  });

  it('is not due on other days of the week', () => {
    for (const day of ['2026-11-22', '2026-11-24', '2026-11-28']) {
      expect(dueReportWeek(new Date(`${day}T15:00:00Z`), -5)).toBeNull();
    }
  });

  it('takes each device’s own offset: the same instant is Monday 07:00 in Atlantic, 03:00 in Hawaii', () => {
    const instant = new Date('2026-11-23T11:00:00Z');
    expect(dueReportWeek(instant, -4)?.weekStart).toBe('2026-11-16');
    expect(dueReportWeek(instant, -10)).toBeNull();
  });

  it('crosses month and year ends', () => {
    const week = dueReportWeek(new Date('2029-01-01T13:00:00Z'), -6);
    expect(week?.weekStart).toBe('2028-12-25');
    expect(week?.to).toEqual(new Date('2029-01-01T06:00:00Z'));
  });
});

describe('reportWeekStarting and lastDayOfReportWeek (issue #12 scheduled reports)', () => {
  it('gives the seven local days from the Monday named, in the device’s zone', () => {
    expect(reportWeekStarting('2026-11-16', -7)).toEqual({
      weekStart: '2026-11-16',
      from: new Date('2026-11-16T07:00:00Z'),
      to: new Date('2026-11-23T07:00:00Z'),
    });
    expect(lastDayOfReportWeek('2026-12-28')).toBe('2027-01-03');
  });
});
