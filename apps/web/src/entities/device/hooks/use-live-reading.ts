import { useEffect, useRef, useState } from 'react';
import { useDocumentVisibility, useNetwork } from '@mantine/hooks';
import type { LiveReading } from '@monitor/contract/live';
import type { UserDevice } from '@monitor/contract/user-devices';
import {
  isRefreshThresholdReached,
  refreshThresholdMs,
} from '@monitor/domain/devices/live-channel';
import { openLiveSocket, shouldReopenOnReturn } from '../api/live-socket';
import { lastReportAt } from '../lib/device-facts';
import { canUseLiveChannel } from '../lib/live-eligibility';

/** `waiting` from opening until the first reading arrives, then `live`; `off` while shut. */
export type LiveState = 'off' | 'waiting' | 'live';

type UseLiveReadingArgs = {
  device: UserDevice | undefined;
  /** The user's device count; the channel stays shut until it is known. */
  userDeviceCount: number | null | undefined;
  /** Puts the reading in place of the shown one, in whatever cache the page reads. */
  onReading: (reading: LiveReading, device: UserDevice) => void;
  /** Called when the channel fails ('An error occurred while retrieving latest readings.'). */
  onError?: () => void;
};

/**
 * Keeps a device's shown reading fresh over the live channel where the spec allows it, for the
 * list and the detail page alike: opens once the device qualifies, the user has 1 to 9 devices
 * and the refresh threshold is reached (basic 15 min, PRO 5); hands each device_single_report to
 * `onReading`; closes while the page is hidden and reopens when it is visible again and the
 * reading is stale (always on iOS) (device-management §4 "Live readings"). A channel the server
 * closed is not retried until the page is hidden and shown again.
 */
export function useLiveReading({
  device,
  userDeviceCount,
  onReading,
  onError,
}: UseLiveReadingArgs): LiveState {
  const isVisible = useDocumentVisibility() !== 'hidden';
  // Offline (issue #27) the channel stays shut: the page shows its last readings as such.
  const { online } = useNetwork();
  const isAllowed =
    online &&
    device !== undefined &&
    typeof userDeviceCount === 'number' &&
    canUseLiveChannel(device, userDeviceCount);
  const [state, setState] = useState<LiveState>('off');
  const wasHidden = useRef(false);
  // The channel reruns only for another device or visibility, not for each new reading.
  const latest = useRef({ device, onReading, onError });
  useEffect(() => {
    latest.current = { device, onReading, onError };
  });

  useEffect(() => {
    if (!isVisible) wasHidden.current = true;
  }, [isVisible]);

  const imei = device?.DeviceId;
  const deviceType = device?.DeviceType;
  useEffect(() => {
    if (!isAllowed || !isVisible || imei === undefined || deviceType === undefined) return;
    let close: (() => void) | null = null;

    const open = () => {
      setState('waiting');
      close = openLiveSocket(imei, {
        onReading: (reading) => {
          const { device: shown, onReading: show } = latest.current;
          setState('live');
          if (shown) show(reading, shown);
        },
        onError: () => latest.current.onError?.(),
        onClose: () => {
          close = null;
          setState('off');
        },
      });
    };

    const shown = latest.current.device;
    const lastAt = shown ? lastReportAt(shown) : null;
    const isStale = isRefreshThresholdReached(lastAt, deviceType, new Date());
    const isReturning = wasHidden.current;
    wasHidden.current = false;
    const dueIn = (isReturning ? shouldReopenOnReturn(isStale) : isStale)
      ? 0
      : (lastAt?.getTime() ?? 0) + refreshThresholdMs(deviceType) - Date.now();
    const timer = window.setTimeout(open, Math.max(0, dueIn));
    return () => {
      window.clearTimeout(timer);
      close?.();
      setState('off');
    };
  }, [isAllowed, isVisible, imei, deviceType]);

  return isAllowed && isVisible ? state : 'off';
}
