import { describe, expect, it } from 'vitest';
import { anEvent } from '../test/alarm-fixtures';
import { mergeAlarmLog } from './alarm-log-items';

describe('one page of the alarm log (issue #23)', () => {
  it('issue #23 alarm log: places each snooze among the events by time, newest first', () => {
    const newer = anEvent({ Id: 2, RaisedAt: '2026-11-23T16:00:00.000Z' });
    const older = anEvent({ Id: 1, RaisedAt: '2026-11-23T10:00:00.000Z' });
    const snooze = (at: string) => ({
      SnoozedAt: at,
      SnoozedUntil: '2026-11-24T00:00:00.000Z',
      SnoozedBy: 'Ellen Ripley',
      Via: 'dashboard' as const,
    });
    const items = mergeAlarmLog({
      Events: [newer, older],
      Snoozes: [snooze('2026-11-23T09:00:00.000Z'), snooze('2026-11-23T12:00:00.000Z')],
    });
    expect(
      items.map((item) => (item.kind === 'event' ? item.event.Id : item.snooze.SnoozedAt)),
    ).toEqual([2, '2026-11-23T12:00:00.000Z', 1, '2026-11-23T09:00:00.000Z']);
  });
});
