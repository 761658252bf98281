import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { isRefreshThresholdReached, refreshThresholdMs } from '@monitor/domain/live-channel';
import { openLiveSocket, shouldReopenOnReturn, withLiveReading } from '../../../lib/live-socket';
import { usePageVisible } from '../../../lib/use-page-visible';
import { userDevicesQueryKey } from '../api/get-user-devices';
import { lastReportAt } from '../lib/device-facts';
import { canUseLiveChannel } from '../lib/live-eligibility';

type UseLiveReadingArgs = {
  device: UserDevice;
  userId: number;
  userDeviceCount: number;
  /** Called when the channel fails ('An error occurred while retrieving latest readings.'). */
  onError?: () => void;
};

/**
 * Keeps a device's shown reading fresh over the live channel where the spec allows it: opens once
 * the refresh threshold is reached (basic 15 min, PRO 5), replaces the reading with each
 * device_single_report, closes while the page is hidden and reopens when it is visible again and
 * the reading is stale (always on iOS) (device-management §4 "Live readings"). `isWaiting` is true
 * from opening until the first reading arrives.
 */
export function useLiveReading({ device, userId, userDeviceCount, onError }: UseLiveReadingArgs) {
  const queryClient = useQueryClient();
  const isVisible = usePageVisible();
  const isAllowed = canUseLiveChannel(device, userDeviceCount);
  const [isWaiting, setWaiting] = useState(false);
  const wasHidden = useRef(false);
  const onErrorRef = useRef(onError);
  const reportTimeRef = useRef<number | null>(null);
  const reportTime = lastReportAt(device)?.getTime() ?? null;
  const { DeviceType: deviceType, DeviceId: imei, Id: userDeviceId } = device;

  useEffect(() => {
    onErrorRef.current = onError;
    reportTimeRef.current = reportTime;
  });

  useEffect(() => {
    if (!isVisible) wasHidden.current = true;
  }, [isVisible]);

  useEffect(() => {
    if (!isAllowed || !isVisible) return;
    let close: (() => void) | null = null;
    let timer: number | undefined;

    const open = () => {
      close = openLiveSocket(imei, {
        onOpen: () => setWaiting(true),
        onReading: (reading) => {
          setWaiting(false);
          queryClient.setQueryData<UserDevice[]>(userDevicesQueryKey(userId), (devices) =>
            devices?.map((shown) =>
              shown.Id === userDeviceId ? withLiveReading(shown, reading) : shown,
            ),
          );
        },
        onError: () => onErrorRef.current?.(),
        onClose: () => {
          close = null;
          setWaiting(false);
        },
      });
    };

    const lastAt = reportTimeRef.current === null ? null : new Date(reportTimeRef.current);
    const isStale = isRefreshThresholdReached(lastAt, deviceType, new Date());
    const isReturning = wasHidden.current;
    wasHidden.current = false;
    if (isReturning ? shouldReopenOnReturn(isStale) : isStale) {
      open();
    } else {
      const dueIn = (lastAt?.getTime() ?? 0) + refreshThresholdMs(deviceType) - Date.now();
      timer = window.setTimeout(open, Math.max(0, dueIn));
    }
    return () => {
      window.clearTimeout(timer);
      close?.();
      setWaiting(false);
    };
  }, [isAllowed, isVisible, imei, deviceType, userDeviceId, userId, queryClient]);

  return { isWaiting: isWaiting && isVisible && isAllowed };
}
