import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { shouldOpenLiveChannel } from '@monitor/domain/live-channel';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useDeviceCount } from '../../../lib/device-count';
import { openLiveSocket, shouldReopenOnReturn, withLiveReading } from '../../../lib/live-socket';
import { usePageVisible } from '../../../lib/use-page-visible';
import { getUserDeviceQueryOptions } from '../api/get-user-device';

export type LiveState = 'off' | 'waiting' | 'live';

/**
 * The live channel for the detail page (device-management §4 "Live readings"): opened only when
 * the device qualifies, the user has 1 to 9 devices and the reading is past its refresh threshold;
 * closed while the page is hidden and reopened when it is visible again if still stale (always on
 * iOS). Each device_single_report replaces the shown reading in the device's cache entry.
 */
export function useLiveReading(
  device: UserDevice | undefined,
  userId: number,
  now: Date,
): LiveState {
  const queryClient = useQueryClient();
  const showError = useErrorModal();
  const count = useDeviceCount(userId);
  const [hasReading, setHasReading] = useState(false);
  const isVisible = usePageVisible();

  const lastReportAt = device?.LastRead ? new Date(device.LastRead.ReportTimestamp) : null;
  const isDue =
    device !== undefined &&
    typeof count.data === 'number' &&
    shouldOpenLiveChannel({
      device: {
        deviceNsp: device.DeviceNSP,
        active: device.Active,
        memo: device.Memo,
        deviceType: device.DeviceType,
        lastReportAt,
      },
      userDeviceCount: count.data,
      now,
    });
  // Once started the channel stays open while the page is visible, though fresh readings make
  // it no longer "due"; hidden closes it, and visible again reopens it if the reading is stale
  // (isDue) or, on iOS, always.
  const [hasOpened, setHasOpened] = useState(false);
  const [isConnected, setIsConnected] = useState(false);
  // A channel the server closed is not retried until the page is hidden and shown again.
  const [isBlocked, setIsBlocked] = useState(false);
  if (!isVisible && isBlocked) setIsBlocked(false);
  const shouldStart =
    isVisible && !isBlocked && (isDue || (hasOpened && shouldReopenOnReturn(isDue)));
  if (!isVisible && isConnected) setIsConnected(false);
  if (shouldStart && !isConnected) {
    setIsConnected(true);
    setHasOpened(true);
    setHasReading(false);
  }
  const shouldConnect = isConnected;
  const imei = device?.DeviceId;
  const userDeviceId = device?.Id;

  useEffect(() => {
    if (!shouldConnect || !imei || userDeviceId === undefined) return;
    const key = getUserDeviceQueryOptions({ userId, userDeviceId }).queryKey;
    return (
      openLiveSocket(imei, {
        onReading: (reading) => {
          queryClient.setQueryData(key, (old) => (old ? withLiveReading(old, reading) : old));
          setHasReading(true);
        },
        onError: () => showError(DEVICE_MANAGEMENT_MESSAGES.latestReadingsFailed),
        onClose: () => {
          setIsConnected(false);
          setIsBlocked(true);
        },
      }) ?? undefined
    );
  }, [shouldConnect, imei, userDeviceId, userId, queryClient, showError]);

  if (!isConnected) return 'off';
  return hasReading ? 'live' : 'waiting';
}
