import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ESCALATION,
  describeEscalation,
  isRepeatInterval,
} from './notification-escalation';

describe('repeat and escalate (issue #23)', () => {
  it('repeats every 15, 30 or 60 minutes, or not at all', () => {
    expect([0, 15, 30, 60].every(isRepeatInterval)).toBe(true);
    expect(isRepeatInterval(20)).toBe(false);
    expect(isRepeatInterval('15')).toBe(false);
  });

  it('says nothing of a notification that tells at once, once, with both follow-ups', () => {
    expect(describeEscalation(DEFAULT_ESCALATION)).toEqual([]);
  });

  it('names the wait, the repeat with its cap, and the follow-ups left out', () => {
    expect(
      describeEscalation({
        waitMinutes: 20,
        repeatMinutes: 15,
        repeatCap: 3,
        tellsAllClear: false,
        tellsAcknowledged: false,
      }),
    ).toEqual([
      'After 20 minutes unacknowledged',
      'Repeats every 15 minutes, at most 3 times',
      'No all-clear',
      'No acknowledged notice',
    ]);
    expect(
      describeEscalation({
        ...DEFAULT_ESCALATION,
        waitMinutes: 1,
        repeatMinutes: 60,
        repeatCap: 1,
      }),
    ).toEqual(['After 1 minute unacknowledged', 'Repeats every 60 minutes, at most once']);
  });

  it('leaves out the cap while repeating is off', () => {
    expect(describeEscalation({ ...DEFAULT_ESCALATION, repeatCap: 10 })).toEqual([]);
  });
});
