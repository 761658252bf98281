import { describe, expect, it } from 'vitest';
import { formatAlarmDateTime, formatAlarmMoment, formatSnoozeEnd } from './alarm-time';

describe('alarm times in the unit’s zone (issue #23)', () => {
  it('issue #23 alarm log: names the zone of the unit, not of the browser', () => {
    expect(formatAlarmDateTime('2026-11-23T14:05:00.000Z', -5)).toBe(
      'Monday, November 23, 2026 at 9:05 AM EST',
    );
    expect(formatAlarmMoment('2026-11-23T14:05:00.000Z', -8)).toBe('Nov 23, 6:05 AM PST');
    // Past midnight UTC, still the 23rd in Chicago.
    expect(formatAlarmMoment('2026-11-24T03:30:00.000Z', -6)).toBe('Nov 23, 9:30 PM CST');
  });

  it('issue #23 snooze: says the end as a time today, "tomorrow", or with its date', () => {
    const now = new Date('2026-11-23T18:00:00.000Z'); // 1:00 PM EST
    expect(formatSnoozeEnd('2026-11-23T20:40:00.000Z', -5, now)).toBe('3:40 PM EST');
    expect(formatSnoozeEnd('2026-11-24T18:00:00.000Z', -5, now)).toBe('1:00 PM EST tomorrow');
    expect(formatSnoozeEnd('2026-11-25T20:40:00.000Z', -5, now)).toBe('November 25 at 3:40 PM EST');
    // 11 PM EST is already the next day in UTC: the unit's calendar decides.
    expect(formatSnoozeEnd('2026-11-24T04:00:00.000Z', -5, now)).toBe('11:00 PM EST');
  });
});
