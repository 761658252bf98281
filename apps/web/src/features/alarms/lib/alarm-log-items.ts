import type { AlarmEvent, AlarmEventPage } from '@monitor/contract/alarms';

export type AlarmSnooze = AlarmEventPage['Snoozes'][number];

export type AlarmLogItem =
  | { kind: 'event'; key: string; event: AlarmEvent }
  | { kind: 'snooze'; key: string; snooze: AlarmSnooze };

/**
 * One page of the log as one list, newest first: the server's events in its order, each snooze
 * of the page's span placed before the first event raised before it was set.
 */
export function mergeAlarmLog(page: Pick<AlarmEventPage, 'Events' | 'Snoozes'>): AlarmLogItem[] {
  const snoozes = [...page.Snoozes].sort(
    (a, b) => Date.parse(b.SnoozedAt) - Date.parse(a.SnoozedAt),
  );
  const items: AlarmLogItem[] = [];
  let next = 0;
  const pushSnooze = (snooze: AlarmSnooze) =>
    items.push({ kind: 'snooze', key: `snooze-${snooze.SnoozedAt}-${next}`, snooze });
  for (const event of page.Events) {
    while (
      next < snoozes.length &&
      Date.parse(snoozes[next]!.SnoozedAt) >= Date.parse(event.RaisedAt)
    ) {
      pushSnooze(snoozes[next]!);
      next += 1;
    }
    items.push({ kind: 'event', key: `event-${event.Id}`, event });
  }
  for (; next < snoozes.length; next += 1) pushSnooze(snoozes[next]!);
  return items;
}
