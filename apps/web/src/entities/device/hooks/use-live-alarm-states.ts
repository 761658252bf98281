import { useEffect, useRef } from 'react';
import { useDocumentVisibility } from '@mantine/hooks';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AlarmEventPage } from '@monitor/contract/alarms';
import { openAlarmSocket, type AlarmState } from '../api/live-socket';
import { userDevicesQueryKey } from '../api/user-devices-key';

/** Waits before reopening a channel the server or network closed: doubling up to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * An acknowledgement the message names (issue #23) shows at once on the cached alarm log pages
 * (the alarms feature's `['alarms', userDeviceId, …]`): the event turns acknowledged, active or
 * cleared as `is_alarm` says. Who acknowledged, and how, come with the refetch that follows.
 */
function markAcknowledged(queryClient: QueryClient, state: AlarmState): void {
  const { event_id: eventId, acknowledged_at: acknowledgedAt } = state;
  if (eventId === undefined || acknowledgedAt === undefined) return;
  queryClient.setQueriesData<AlarmEventPage>({ queryKey: ['alarms'] }, (page) =>
    page?.Events?.some((event) => event.Id === eventId && !event.AcknowledgedAt)
      ? {
          ...page,
          Events: page.Events.map((event) =>
            event.Id === eventId
              ? {
                  ...event,
                  AcknowledgedAt: acknowledgedAt,
                  State: state.is_alarm ? 'active-acknowledged' : 'cleared-acknowledged',
                }
              : event,
          ),
        }
      : page,
  );
}

/**
 * What shows a unit's alarm state on the device pages: the list (its status comes from the
 * reading and ranges, its water and motion from the alarm points), the device itself, its pucks
 * and its alarm log (issue #23). Refetched rather than patched, so the page shows what the server
 * now holds; only an acknowledgement the message carries is put in place first.
 */
function refreshAlarmState(queryClient: QueryClient, userId: number, state?: AlarmState): void {
  if (state) markAcknowledged(queryClient, state);
  void queryClient.invalidateQueries({ queryKey: userDevicesQueryKey(userId) });
  void queryClient.invalidateQueries({ queryKey: ['users', userId, 'devices'] });
  void queryClient.invalidateQueries({ queryKey: ['peripherals-by-device'] });
  void queryClient.invalidateQueries({ queryKey: ['alarms'] });
}

/**
 * Keeps the open device pages' alarm state current (decision 021): one socket per page on
 * `/live/alarms`, whatever the number of devices, and on each alarm opening or closing the
 * shown devices are refreshed within seconds. Closed while the page is hidden; when it is shown
 * again, or the socket reopens after a drop, the devices are refreshed once, since an alarm may
 * have changed meanwhile. The per-unit reading channel keeps its own rule (use-live-reading.ts).
 */
export function useLiveAlarmStates(userId: number): void {
  const queryClient = useQueryClient();
  const isVisible = useDocumentVisibility() !== 'hidden';
  /** The page has had the channel open before: a reopening may have missed a change. */
  const hasOpened = useRef(false);

  useEffect(() => {
    if (!isVisible) return;
    let close: (() => void) | null = null;
    let retryTimer: number | undefined;
    let retryMs = RETRY_FIRST_MS;

    const open = () => {
      close = openAlarmSocket({
        onOpen: () => {
          retryMs = RETRY_FIRST_MS;
          if (hasOpened.current) refreshAlarmState(queryClient, userId);
          hasOpened.current = true;
        },
        onAlarmState: (state) => refreshAlarmState(queryClient, userId, state),
        onClose: () => {
          close = null;
          retryTimer = window.setTimeout(open, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        },
      });
    };
    open();
    return () => {
      window.clearTimeout(retryTimer);
      close?.();
    };
  }, [isVisible, userId, queryClient]);
}
