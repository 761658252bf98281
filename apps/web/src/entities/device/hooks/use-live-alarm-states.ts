import { useEffect, useRef } from 'react';
import { useDocumentVisibility } from '@mantine/hooks';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { openAlarmSocket } from '../api/live-socket';

/** Waits before reopening a channel the server or network closed: doubling up to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * What shows a unit's alarm state on the device pages: the list (its status comes from the
 * reading and ranges, its water and motion from the alarm points), the device itself and its
 * pucks. Refetched rather than patched, so the page shows what the server now holds.
 */
function refreshAlarmState(queryClient: QueryClient, userId: number): void {
  void queryClient.invalidateQueries({ queryKey: ['user-devices', userId] });
  void queryClient.invalidateQueries({ queryKey: ['users', userId, 'devices'] });
  void queryClient.invalidateQueries({ queryKey: ['peripherals-by-device'] });
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
        onAlarmState: () => refreshAlarmState(queryClient, userId),
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
