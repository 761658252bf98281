import { Text } from '@mantine/core';
import type { AlarmEvent } from '@monitor/contract/alarms';
import { buildAlarmTimeline, type TimelineStep } from '../lib/alarm-timeline';
import { formatAlarmMoment } from '../lib/alarm-time';
import {
  ALARM_CHANNEL_PHRASES,
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_KIND_LABELS,
  DELIVERY_STATUS_LABELS,
} from '../lib/alarm-words';

/** What happened at one step, in words. */
function describeStep(step: TimelineStep): string {
  switch (step.kind) {
    case 'started':
      return 'First reading out of range';
    case 'raised':
      return 'Alarm raised';
    case 'delivery': {
      const { Channel, Kind, Address, Status } = step.delivery;
      return `${DELIVERY_CHANNEL_LABELS[Channel]} ${DELIVERY_KIND_LABELS[Kind]} to ${Address}: ${DELIVERY_STATUS_LABELS[Status]}`;
    }
    case 'acknowledged':
      return [
        'Acknowledged',
        step.by ? `by ${step.by}` : null,
        step.via ? ALARM_CHANNEL_PHRASES[step.via] : null,
      ]
        .filter(Boolean)
        .join(' ');
    case 'cleared':
      return 'Cleared: the reading came back in range';
  }
}

const isFailed = (step: TimelineStep) =>
  step.kind === 'delivery' && step.delivery.Status === 'failed';

/**
 * An event's timeline as an ordered list (issue #23): raised, each message with its channel,
 * address, kind and status, the acknowledgement, the clearing; each with its time in the unit's
 * zone. A failed message is said in words, the colour only repeats it.
 */
export function AlarmTimeline({ event, timeZone }: { event: AlarmEvent; timeZone: number }) {
  const steps = buildAlarmTimeline(event);
  return (
    <ol
      aria-label="Timeline"
      style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)', overflowWrap: 'anywhere' }}
    >
      {steps.map((step, index) => (
        <li key={`${step.kind}-${index}`}>
          <Text size="sm" c={isFailed(step) ? 'red.8' : undefined}>
            <time dateTime={step.at}>{formatAlarmMoment(step.at, timeZone)}</time>
            {' · '}
            {describeStep(step)}
          </Text>
        </li>
      ))}
    </ol>
  );
}
