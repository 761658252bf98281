import { describe, expect, it } from 'vitest';
import { isSnoozeRunning, readSnoozedUntil } from './snooze';

describe('a unit’s snooze (issue #23)', () => {
  it('issue #23 snooze: reads AlarmsSnoozedUntil defensively, a device answer without it as not snoozed', () => {
    expect(readSnoozedUntil({ AlarmsSnoozedUntil: '2026-11-23T20:40:00.000Z' })).toBe(
      '2026-11-23T20:40:00.000Z',
    );
    expect(readSnoozedUntil({})).toBeNull();
    expect(readSnoozedUntil({ AlarmsSnoozedUntil: null })).toBeNull();
    expect(readSnoozedUntil({ AlarmsSnoozedUntil: 'soon' })).toBeNull();
  });

  it('issue #23 snooze: a snooze that has ended is not running', () => {
    const now = new Date('2026-11-23T18:00:00.000Z');
    expect(isSnoozeRunning('2026-11-23T20:40:00.000Z', now)).toBe(true);
    expect(isSnoozeRunning('2026-11-23T17:59:59.000Z', now)).toBe(false);
    expect(isSnoozeRunning(null, now)).toBe(false);
  });
});
