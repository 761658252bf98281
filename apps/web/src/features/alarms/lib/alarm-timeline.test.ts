import { describe, expect, it } from 'vitest';
import { aDelivery, anEvent } from '../test/alarm-fixtures';
import { buildAlarmTimeline } from './alarm-timeline';

describe('an event’s timeline (issue #23)', () => {
  it('issue #23 alarm log: tells the event oldest first — started, raised, each message, acknowledged, cleared', () => {
    const event = anEvent({
      State: 'cleared-acknowledged',
      AcknowledgedAt: '2026-11-23T14:20:00.000Z',
      AcknowledgedBy: 'Ellen Ripley',
      AcknowledgedVia: 'email',
      EndedAt: '2026-11-23T15:00:00.000Z',
      Deliveries: [
        aDelivery({
          Kind: 'all-clear',
          QueuedAt: '2026-11-23T15:00:00.000Z',
          SentAt: null,
          Status: 'queued',
        }),
        aDelivery({
          Kind: 'repeat',
          Channel: 'sms',
          Address: '+15555550100',
          SentAt: '2026-11-23T14:15:00.000Z',
        }),
        aDelivery({ Kind: 'alarm', SentAt: '2026-11-23T14:05:00.000Z' }),
      ],
    });
    expect(buildAlarmTimeline(event).map((step) => [step.kind, step.at])).toEqual([
      ['started', '2026-11-23T14:00:00.000Z'],
      ['raised', '2026-11-23T14:05:00.000Z'],
      ['delivery', '2026-11-23T14:05:00.000Z'],
      ['delivery', '2026-11-23T14:15:00.000Z'],
      ['acknowledged', '2026-11-23T14:20:00.000Z'],
      // Cleared before the all-clear it caused, though both carry one moment.
      ['cleared', '2026-11-23T15:00:00.000Z'],
      ['delivery', '2026-11-23T15:00:00.000Z'],
    ]);
  });

  it('issue #23 alarm log: leaves out the first reading when the alarm rose on it, and what has not happened', () => {
    const event = anEvent({ StartedAt: '2026-11-23T14:05:00.000Z', Deliveries: [] });
    expect(buildAlarmTimeline(event).map((step) => step.kind)).toEqual(['raised']);
  });
});
