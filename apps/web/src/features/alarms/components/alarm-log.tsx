import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { errorMessageFor } from '../../../lib/api-client';
import { useAlarmEvents } from '../api/get-alarm-events';
import { mergeAlarmLog, type AlarmSnooze } from '../lib/alarm-log-items';
import { formatAlarmDateTime, formatAlarmMoment } from '../lib/alarm-time';
import { puckNameOf } from '../lib/alarm-values';
import { ALARM_CHANNEL_PHRASES } from '../lib/alarm-words';
import { AlarmEventItem } from './alarm-event-item';
import { LoadingStatus } from '../../../components/ui/loading-status';

const LOAD_FAILED = 'The alarm log could not be loaded. Please try again.';

export type AlarmLogDevice = {
  Id: number;
  /** The unit's GMT offset in hours: every time is shown in it. */
  TimeZone: number;
  Peripherals: readonly { Id: string; Name: string | null }[];
};

function SnoozeItem({ snooze, timeZone }: { snooze: AlarmSnooze; timeZone: number }) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" bg="gray.0">
      <Text size="sm">
        <strong>Alarms snoozed</strong> by {snooze.SnoozedBy} {ALARM_CHANNEL_PHRASES[snooze.Via]},{' '}
        <time dateTime={snooze.SnoozedAt}>{formatAlarmMoment(snooze.SnoozedAt, timeZone)}</time>,
        until{' '}
        <time dateTime={snooze.SnoozedUntil}>
          {formatAlarmDateTime(snooze.SnoozedUntil, timeZone)}
        </time>
      </Text>
    </Card>
  );
}

/**
 * A unit's alarm log (issue #23): every event, newest first, a page at a time, with the unit's
 * snoozes among them; times in the unit's zone, peaks in the viewer's unit.
 */
export function AlarmLog({ device, unit }: { device: AlarmLogDevice; unit: TempPref }) {
  const [page, setPage] = useState(1);
  const log = useAlarmEvents({ userDeviceId: device.Id, page });
  const data = log.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const items = data ? mergeAlarmLog(data) : [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="alarm-log-title">
      <Title order={2} size="h3" id="alarm-log-title">
        Alarm log
      </Title>
      {log.isPending && <LoadingStatus>Loading the alarm log…</LoadingStatus>}
      {log.isError && (
        <Alert color="red" role="alert">
          <Text size="sm">{errorMessageFor(log.error, LOAD_FAILED)}</Text>
          <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {data && data.Events.length === 0 && page === 1 && <Text c="dimmed">No alarms yet.</Text>}
      {items.length > 0 && (
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none', opacity: log.isPlaceholderData ? 0.5 : 1 }}
          aria-label="Alarms, newest first"
          aria-busy={log.isPlaceholderData}
        >
          {items.map((item) =>
            item.kind === 'event' ? (
              <AlarmEventItem
                key={item.key}
                event={item.event}
                puckName={puckNameOf(item.event.PeripheralId, device.Peripherals)}
                timeZone={device.TimeZone}
                unit={unit}
              />
            ) : (
              <SnoozeItem key={item.key} snooze={item.snooze} timeZone={device.TimeZone} />
            ),
          )}
        </Stack>
      )}
      {(pageCount > 1 || page > 1) && (
        <Group
          justify="space-between"
          gap="xs"
          wrap="wrap"
          component="nav"
          aria-label="Alarm log pages"
        >
          <Button
            variant="default"
            size="xs"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Newer alarms
          </Button>
          <Text size="sm" role="status">
            {data ? `Page ${page} of ${pageCount}` : `Page ${page}`}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={page >= pageCount}
            onClick={() => setPage(page + 1)}
          >
            Older alarms
          </Button>
        </Group>
      )}
    </Stack>
  );
}
