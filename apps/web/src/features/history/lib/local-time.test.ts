import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatWindow, splitTableTime } from './local-time';

describe('local times', () => {
  it('writes a table row’s time as MMM D, YYYY and h:mm A (device-management §9)', () => {
    expect(splitTableTime('2026-11-23 14:05')).toEqual({ date: 'Nov 23, 2026', time: '2:05 PM' });
    expect(splitTableTime('2026-01-02 00:30')).toEqual({ date: 'Jan 2, 2026', time: '12:30 AM' });
  });

  it('names a period across a year’s end with both years', () => {
    const window = {
      period: 'week',
      from: new Date('2026-12-27T05:00:00Z'),
      to: new Date('2027-01-03T05:00:00Z'),
    };
    expect(formatWindow(window, -5)).toBe('December 27, 2026 – January 2, 2027');
  });

  it('shows a calendar date the same wherever the browser is', () => {
    expect(formatCalendarDate('2027-03-14')).toBe('March 14, 2027');
    expect(formatCalendarDate('2027-03-14T00:00:00.000Z')).toBe('March 14, 2027');
  });
});
