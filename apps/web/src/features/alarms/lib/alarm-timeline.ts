import type { AlarmDelivery, AlarmEvent } from '@monitor/contract/alarms';

/** One step of an event's story, in time order (issue #23). */
export type TimelineStep =
  | { kind: 'started'; at: string }
  | { kind: 'raised'; at: string }
  | { kind: 'delivery'; at: string; delivery: AlarmDelivery }
  | { kind: 'acknowledged'; at: string; by: string | null; via: AlarmEvent['AcknowledgedVia'] }
  | { kind: 'cleared'; at: string };

/** The order of steps at the same moment: a message sent the moment the alarm rose comes after it. */
const RANK: Readonly<Record<TimelineStep['kind'], number>> = {
  started: 0,
  raised: 1,
  acknowledged: 2,
  cleared: 3,
  delivery: 4,
};

/**
 * An event's timeline: the first reading out of range (when it came before the alarm rose), the
 * alarm raised, each message (at its sending, or its queueing while not sent), the acknowledgement
 * and the clearing. Oldest first, as a story reads; steps at one moment keep a fixed order.
 */
export function buildAlarmTimeline(event: AlarmEvent): TimelineStep[] {
  const steps: TimelineStep[] = [];
  if (event.StartedAt !== event.RaisedAt) steps.push({ kind: 'started', at: event.StartedAt });
  steps.push({ kind: 'raised', at: event.RaisedAt });
  for (const delivery of event.Deliveries) {
    steps.push({ kind: 'delivery', at: delivery.SentAt ?? delivery.QueuedAt, delivery });
  }
  if (event.AcknowledgedAt) {
    steps.push({
      kind: 'acknowledged',
      at: event.AcknowledgedAt,
      by: event.AcknowledgedBy,
      via: event.AcknowledgedVia,
    });
  }
  if (event.EndedAt) steps.push({ kind: 'cleared', at: event.EndedAt });
  return steps
    .map((step, index) => ({ step, index }))
    .sort(
      (a, b) =>
        Date.parse(a.step.at) - Date.parse(b.step.at) ||
        RANK[a.step.kind] - RANK[b.step.kind] ||
        a.index - b.index,
    )
    .map(({ step }) => step);
}
