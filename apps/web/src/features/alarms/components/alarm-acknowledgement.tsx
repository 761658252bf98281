import { useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { AlarmEvent } from '@monitor/contract/alarms';
import { errorMessageFor } from '../../../lib/api-client';
import { useAcknowledgeAlarmMutation } from '../api/acknowledge-alarm';
import { formatAlarmMoment } from '../lib/alarm-time';
import { ALARM_CHANNEL_PHRASES, isAlarmUnacknowledged } from '../lib/alarm-words';

const ACKNOWLEDGE_FAILED = 'The alarm could not be acknowledged. Please try again.';

/** 'Acknowledged by Ellen Ripley from an e-mail, Nov 23, 3:05 PM EST'. */
export function describeAcknowledgement(event: AlarmEvent, timeZone: number): string {
  const by = event.AcknowledgedBy ? ` by ${event.AcknowledgedBy}` : '';
  const via = event.AcknowledgedVia ? ` ${ALARM_CHANNEL_PHRASES[event.AcknowledgedVia]}` : '';
  const at = event.AcknowledgedAt ? `, ${formatAlarmMoment(event.AcknowledgedAt, timeZone)}` : '';
  return `Acknowledged${by}${via}${at}`;
}

/**
 * An event's acknowledgement (issue #23): the Acknowledge button while no one has answered it,
 * then who did. The words sit in a live region that is there from the start, so a screen reader
 * hears "Acknowledged by you" after the click, or the acknowledgement someone else made when the
 * live channel brings it; focus moves to them, as the button it was on goes away.
 */
export function AlarmAcknowledgement({
  event,
  label,
  timeZone,
}: {
  event: AlarmEvent;
  /** What the alarm is, for the button's name: 'Temperature alarm'. */
  label: string;
  timeZone: number;
}) {
  const acknowledge = useAcknowledgeAlarmMutation();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const isOpen = isAlarmUnacknowledged(event.State) && !acknowledge.isSuccess;
  const words = acknowledge.isSuccess
    ? 'Acknowledged by you'
    : isOpen
      ? ''
      : describeAcknowledgement(event, timeZone);

  return (
    <Group gap="xs" wrap="wrap" align="center">
      {isOpen && (
        <Button
          size="xs"
          color="red"
          loading={acknowledge.isPending}
          aria-label={`Acknowledge ${label}`}
          onClick={() =>
            acknowledge.mutate({ id: event.Id }, { onSuccess: () => statusRef.current?.focus() })
          }
        >
          Acknowledge
        </Button>
      )}
      <Text ref={statusRef} role="status" size="sm" fw={words ? 600 : undefined} tabIndex={-1}>
        {words}
      </Text>
      {acknowledge.isError && (
        <Text role="alert" size="sm" c="red.8">
          {errorMessageFor(acknowledge.error, ACKNOWLEDGE_FAILED)}
        </Text>
      )}
    </Group>
  );
}
