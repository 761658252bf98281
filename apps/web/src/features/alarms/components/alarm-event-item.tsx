import type { ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AlarmEvent } from '@monitor/contract/alarms';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { formatAlarmDateTime } from '../lib/alarm-time';
import { describeAlarm, formatPeakValue } from '../lib/alarm-values';
import { historyPathAt } from '../lib/history-link';
import { AlarmAcknowledgement } from './alarm-acknowledgement';
import { AlarmStateBadge } from './alarm-state-badge';
import { AlarmTimeline } from './alarm-timeline';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

const at = (iso: string, timeZone: number) => (
  <time dateTime={iso}>{formatAlarmDateTime(iso, timeZone)}</time>
);

/**
 * One event of the log (issue #23): what and where, its ISA-18.2 state, started, raised and
 * ended in the unit's zone, the peak in the viewer's unit, its timeline, the Acknowledge button
 * while unanswered, and the history graph at that moment.
 */
export function AlarmEventItem({
  event,
  puckName,
  timeZone,
  unit,
}: {
  event: AlarmEvent;
  puckName: string | null;
  timeZone: number;
  unit: TempPref;
}) {
  const title = describeAlarm(event.SensorType, puckName);
  const headingId = `alarm-event-${event.Id}`;
  const peak = formatPeakValue(event.SensorType, event.PeakValue, unit);
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={headingId}>
            {title}
          </Title>
          <AlarmStateBadge state={event.State} />
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} m={0}>
          <Fact label="Started">{at(event.StartedAt, timeZone)}</Fact>
          <Fact label="Raised">{at(event.RaisedAt, timeZone)}</Fact>
          <Fact label="Ended">
            {event.EndedAt ? at(event.EndedAt, timeZone) : 'Still out of range'}
          </Fact>
          {peak !== null && <Fact label="Peak">{peak}</Fact>}
        </SimpleGrid>
        <AlarmTimeline event={event} timeZone={timeZone} />
        <AlarmAcknowledgement event={event} label={title} timeZone={timeZone} />
        <Anchor component={Link} to={historyPathAt(event)} size="sm">
          See on the graph
        </Anchor>
      </Stack>
    </Card>
  );
}
