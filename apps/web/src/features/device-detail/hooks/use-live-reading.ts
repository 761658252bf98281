import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIVE_CLOSE_SESSION_ENDED,
  LiveReportMessage,
  type LiveReading,
} from '@monitor/contract/live';
import type { UserDevice } from '@monitor/contract/user-devices';
import { shouldOpenLiveChannel, shouldReopenLiveChannel } from '@monitor/domain/live-channel';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { endSession, getSession } from '../../../lib/session';
import { useDeviceCount } from '../../../lib/device-count';
import { getUserDeviceQueryOptions } from '../api/get-user-device';

export type LiveState = 'off' | 'waiting' | 'live';

/** The device with a live reading put in place of its last read (device-management §4). */
export function applyLiveReading(device: UserDevice, reading: LiveReading): UserDevice {
  return {
    ...device,
    LastRead: {
      DeviceMute: device.LastRead?.DeviceMute ?? false,
      LastRangeChangeDevice: device.LastRead?.LastRangeChangeDevice ?? null,
      ReportTimestamp: reading.timestamp,
      Temperature: reading.temp,
      Humidity: reading.humidity,
      SignalStrength: reading.signal_strength,
      Power: reading.power,
    },
  };
}

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent);

function liveUrl(imei: string, token: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ imei, access_token: token });
  return `${protocol}//${window.location.host}/live?${query.toString()}`;
}

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
  const [isVisible, setIsVisible] = useState(() => document.visibilityState !== 'hidden');

  useEffect(() => {
    const onChange = () => setIsVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

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
    isVisible &&
    !isBlocked &&
    (isDue || (hasOpened && shouldReopenLiveChannel({ isIos: isIos(), isStale: isDue })));
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
    const token = getSession().apiToken;
    if (!shouldConnect || !imei || userDeviceId === undefined || !token) return;
    const key = getUserDeviceQueryOptions({ userId, userDeviceId }).queryKey;
    const socket = new WebSocket(liveUrl(imei, token));
    let isClosedByPage = false;
    socket.addEventListener('message', (event: MessageEvent) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const message = LiveReportMessage.safeParse(parsed);
      if (!message.success) return;
      queryClient.setQueryData(key, (old) =>
        old ? applyLiveReading(old, message.data.message_body) : old,
      );
      setHasReading(true);
    });
    socket.addEventListener('error', () => {
      if (!isClosedByPage) showError(DEVICE_MANAGEMENT_MESSAGES.latestReadingsFailed);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (!isClosedByPage) {
        setIsConnected(false);
        setIsBlocked(true);
      }
      // The session behind the token ended: sign out, as a 401 would (decision 012).
      if (event.code === LIVE_CLOSE_SESSION_ENDED) endSession();
    });
    return () => {
      isClosedByPage = true;
      socket.close();
    };
  }, [shouldConnect, imei, userDeviceId, userId, queryClient, showError]);

  if (!isConnected) return 'off';
  return hasReading ? 'live' : 'waiting';
}
