import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import {
  LIVE_CLOSE_SESSION_ENDED,
  LiveReportMessage,
  type LiveReading,
} from '@monitor/contract/live';
import {
  applyLiveMessage,
  isRefreshThresholdReached,
  refreshThresholdMs,
  shouldReopenLiveChannel,
} from '@monitor/domain/live-channel';
import { getSession } from '../../../lib/session';
import { userDevicesQueryKey } from '../api/get-user-devices';
import { lastReportAt } from '../lib/device-facts';
import { canUseLiveChannel } from '../lib/live-eligibility';
import { usePageVisible } from './use-page-visible';

/** The live channel's address for a unit: `/live?imei=&access_token=` on this host (device-management §6, §7). */
export function liveChannelUrl(imei: string, accessToken: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ imei, access_token: accessToken });
  return `${scheme}://${window.location.host}/live?${query.toString()}`;
}

/** A live reading as the device's LastRead: it replaces the shown reading (device-management §4). */
function withReading(device: UserDevice, reading: LiveReading): UserDevice {
  return {
    ...device,
    LastRead: {
      DeviceMute: device.LastRead?.DeviceMute ?? device.Mute,
      LastRangeChangeDevice: device.LastRead?.LastRangeChangeDevice ?? null,
      ReportTimestamp: reading.timestamp,
      Temperature: reading.temp,
      Humidity: reading.humidity,
      SignalStrength: reading.signal_strength,
      Power: reading.power,
    },
  };
}

const isIos = () => /iPad|iPhone|iPod/.test(window.navigator.userAgent);

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
    const token = getSession().apiToken;
    if (!isAllowed || !isVisible || !token) return;
    let socket: WebSocket | null = null;
    let timer: number | undefined;
    let isDisposed = false;

    const open = () => {
      if (isDisposed) return;
      const current = new WebSocket(liveChannelUrl(imei, token));
      socket = current;
      current.onopen = () => setWaiting(true);
      current.onmessage = (event: MessageEvent) => {
        const reading = parseLiveMessage(event.data);
        if (!reading) return;
        setWaiting(false);
        queryClient.setQueryData<UserDevice[]>(userDevicesQueryKey(userId), (devices) =>
          devices?.map((shown) =>
            shown.Id === userDeviceId
              ? withReading(shown, applyLiveMessage(toLive(shown), reading))
              : shown,
          ),
        );
      };
      current.onerror = () => onErrorRef.current?.();
      current.onclose = (event: CloseEvent) => {
        socket = null;
        setWaiting(false);
        if (event.code === LIVE_CLOSE_SESSION_ENDED) {
          // The list call then answers 401, which signs the user out like any other call.
          void queryClient.invalidateQueries({ queryKey: userDevicesQueryKey(userId) });
        }
      };
    };

    const lastAt = reportTimeRef.current === null ? null : new Date(reportTimeRef.current);
    const isStale = isRefreshThresholdReached(lastAt, deviceType, new Date());
    const isReturning = wasHidden.current;
    wasHidden.current = false;
    if (isReturning ? shouldReopenLiveChannel({ isIos: isIos(), isStale }) : isStale) {
      open();
    } else {
      const dueIn = (lastAt?.getTime() ?? 0) + refreshThresholdMs(deviceType) - Date.now();
      timer = window.setTimeout(open, Math.max(0, dueIn));
    }
    return () => {
      isDisposed = true;
      window.clearTimeout(timer);
      if (socket) {
        socket.onopen = null;
        socket.onmessage = null;
        socket.onerror = null;
        socket.onclose = null;
        socket.close();
      }
      setWaiting(false);
    };
  }, [isAllowed, isVisible, imei, deviceType, userDeviceId, userId, queryClient]);

  return { isWaiting: isWaiting && isVisible && isAllowed };
}

/** A device_single_report checked against the contract, or null for anything else. */
function parseLiveMessage(data: unknown): LiveReportMessage | null {
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    return null;
  }
  const parsed = LiveReportMessage.safeParse(message);
  return parsed.success ? parsed.data : null;
}

function toLive(device: UserDevice): LiveReading {
  return {
    timestamp: device.LastRead?.ReportTimestamp ?? '',
    temp: device.LastRead?.Temperature ?? null,
    humidity: device.LastRead?.Humidity ?? null,
    signal_strength: device.LastRead?.SignalStrength ?? null,
    power: device.LastRead?.Power ?? null,
  };
}
