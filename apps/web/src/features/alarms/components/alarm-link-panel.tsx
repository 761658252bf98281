import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AlarmLinkView } from '@monitor/contract/alarms';
import { ApiError, errorMessageFor } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useAcknowledgeAlarmMutation } from '../api/acknowledge-alarm';
import { useAlarmLink, type AlarmLinkRef } from '../api/get-alarm-link';
import { useSnoozeAlarmByLinkMutation } from '../api/snooze-alarm-by-link';
import { formatAlarmDateTime, formatSnoozeEnd } from '../lib/alarm-time';
import { describeAlarm, formatPeakValue } from '../lib/alarm-values';
import { ALARM_STATE_LABELS, isAlarmUnacknowledged } from '../lib/alarm-words';
import { isSnoozeRunning, SNOOZE_HOURS, snoozeLengthLabel } from '../lib/snooze';
import { AlarmStateBadge } from './alarm-state-badge';
import { LoadingStatus } from '../../../components/ui/loading-status';

const LOAD_FAILED = 'The alarm could not be loaded. Please try again.';
const ACKNOWLEDGE_FAILED = 'The alarm could not be acknowledged. Please try again.';
const SNOOZE_FAILED = "The unit's alarms could not be snoozed. Please try again.";
export const LINK_NOT_VALID = 'This alarm link is not valid. Sign in to see your alarms.';

/** A link the server refuses (expired, not this event's, unknown): said in its words, with sign-in. */
const isRefusedLink = (error: unknown) =>
  error instanceof ApiError && [400, 401, 403, 404, 410].includes(error.status);

/** The link cannot be used: the server's words (or ours, for a link cut short) and the way in. */
export function RefusedAlarmLink({ message }: { message: string }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{message}</Text>
        <Button component={Link} to="/login?redirect=/devices" variant="light">
          Sign in
        </Button>
      </Stack>
    </Alert>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0}>
        {children}
      </Text>
    </div>
  );
}

// In the unit's zone, named, as the message that carried the link gave them.
const at = (iso: string, timeZone: number) => (
  <time dateTime={iso}>{formatAlarmDateTime(iso, timeZone)}</time>
);

/**
 * What an alarm message's link opens, signed in or not (issue #23): the alarm as the message
 * told it, one button to acknowledge it, and the unit's snooze for 1, 4 or 24 hours.
 */
export function AlarmLinkPanel({ link }: { link: AlarmLinkRef }) {
  const view = useAlarmLink(link);
  if (view.isPending) {
    return <LoadingStatus>Loading the alarm…</LoadingStatus>;
  }
  if (view.isError) {
    if (isRefusedLink(view.error)) {
      return <RefusedAlarmLink message={errorMessageFor(view.error, LINK_NOT_VALID)} />;
    }
    return (
      <Alert color="red" role="alert">
        <Text size="sm">{errorMessageFor(view.error, LOAD_FAILED)}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void view.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <AlarmLinkDetails link={link} alarm={view.data} />;
}

function AlarmLinkDetails({ link, alarm }: { link: AlarmLinkRef; alarm: AlarmLinkView }) {
  const peak = formatPeakValue(alarm.SensorType, alarm.PeakValue, alarm.TempPref);
  const title = `${describeAlarm(alarm.SensorType, alarm.PuckName)}${alarm.PuckName ? ',' : ' on'} ${alarm.DeviceName}`;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="alarm-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Title order={2} size="h3" id="alarm-title">
              {title}
            </Title>
            <AlarmStateBadge state={alarm.State} />
          </Group>
          <SimpleGrid
            component="dl"
            cols={{ base: 1, xs: 2 }}
            spacing="xs"
            verticalSpacing={4}
            m={0}
          >
            <Fact label="Unit">{alarm.DeviceName}</Fact>
            {alarm.PuckName && <Fact label="SPuck">{alarm.PuckName}</Fact>}
            <Fact label="Started">{at(alarm.StartedAt, alarm.TimeZone)}</Fact>
            <Fact label="Ended">
              {alarm.EndedAt ? at(alarm.EndedAt, alarm.TimeZone) : 'Still out of range'}
            </Fact>
            {peak !== null && <Fact label="Peak">{peak}</Fact>}
            <Fact label="State">{ALARM_STATE_LABELS[alarm.State]}</Fact>
          </SimpleGrid>
        </Stack>
      </Card>
      <LinkAcknowledgement link={link} alarm={alarm} />
      <LinkSnooze link={link} alarm={alarm} />
    </Stack>
  );
}

function LinkAcknowledgement({ link, alarm }: { link: AlarmLinkRef; alarm: AlarmLinkView }) {
  const acknowledge = useAcknowledgeAlarmMutation();
  const isOpen = isAlarmUnacknowledged(alarm.State) && !acknowledge.isSuccess;
  const byWhom = alarm.AcknowledgedBy ? ` by ${alarm.AcknowledgedBy}` : '';
  const when = alarm.AcknowledgedAt
    ? ` on ${formatAlarmDateTime(alarm.AcknowledgedAt, alarm.TimeZone)}`
    : '';
  const words = acknowledge.isSuccess
    ? 'Acknowledged — everyone who was told will hear that you answered.'
    : isOpen
      ? ''
      : `Already acknowledged${byWhom}${when}.`;
  return (
    <Stack gap="xs" align="flex-start">
      {isOpen && (
        <Button
          size="md"
          color="red"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate({ id: link.id, token: link.token })}
        >
          Acknowledge alarm
        </Button>
      )}
      <Text role="status" fw={words ? 600 : undefined}>
        {words}
      </Text>
      {acknowledge.isError &&
        (isRefusedLink(acknowledge.error) ? (
          <RefusedAlarmLink message={errorMessageFor(acknowledge.error, LINK_NOT_VALID)} />
        ) : (
          <Text role="alert" c="red.8">
            {errorMessageFor(acknowledge.error, ACKNOWLEDGE_FAILED)}
          </Text>
        ))}
    </Stack>
  );
}

function LinkSnooze({ link, alarm }: { link: AlarmLinkRef; alarm: AlarmLinkView }) {
  const snooze = useSnoozeAlarmByLinkMutation();
  const now = useNow(30_000);
  const until = alarm.SnoozedUntil;
  const words = isSnoozeRunning(until, now)
    ? `This unit's alarms are snoozed until ${formatSnoozeEnd(until, alarm.TimeZone, now)}.`
    : '';
  return (
    <Stack gap="xs" component="section" aria-labelledby="alarm-snooze-title">
      <Text fw={600} id="alarm-snooze-title">
        Snooze this unit&apos;s alarms for
      </Text>
      <Group gap="xs" role="group" aria-labelledby="alarm-snooze-title">
        {SNOOZE_HOURS.map((hours) => (
          <Button
            key={hours}
            variant="default"
            disabled={snooze.isPending}
            loading={snooze.isPending && snooze.variables.hours === hours}
            onClick={() => snooze.mutate({ ...link, hours })}
          >
            {snoozeLengthLabel(hours)}
          </Button>
        ))}
      </Group>
      <Text role="status" size="sm">
        {words}
      </Text>
      {snooze.isError &&
        (isRefusedLink(snooze.error) ? (
          <RefusedAlarmLink message={errorMessageFor(snooze.error, LINK_NOT_VALID)} />
        ) : (
          <Text role="alert" size="sm" c="red.8">
            {errorMessageFor(snooze.error, SNOOZE_FAILED)}
          </Text>
        ))}
    </Stack>
  );
}
