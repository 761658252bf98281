import {
  LIVE_CLOSE_SESSION_ENDED,
  LiveReportMessage,
  type LiveReading,
} from '@monitor/contract/live';
import type { UserDevice } from '@monitor/contract/user-devices';
import { shouldReopenLiveChannel } from '@monitor/domain/live-channel';
import { reportSessionEnded } from './api-client';
import { getSession } from './session';

/**
 * The live channel as both device pages use it (device-management §4 "Live readings", §7;
 * decision 012): the socket, its messages and its ending. When to open it stays with each page,
 * which knows its own device data.
 */

/** The live channel's address for a unit: `/live?imei=&access_token=` on this host (device-management §7). */
export function liveChannelUrl(imei: string, accessToken: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ imei, access_token: accessToken });
  return `${scheme}://${window.location.host}/live?${query.toString()}`;
}

/** The reading of a device_single_report checked against the contract, or null for anything else. */
export function parseLiveReport(data: unknown): LiveReading | null {
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    return null;
  }
  const parsed = LiveReportMessage.safeParse(message);
  return parsed.success ? parsed.data.message_body : null;
}

/** The device with a live reading put in place of its last read (device-management §4). */
export function withLiveReading(device: UserDevice, reading: LiveReading): UserDevice {
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
      // The live message carries no water or motion; the last stored ones stand until the next.
      Water: device.LastRead?.Water ?? null,
      Motion: device.LastRead?.Motion ?? null,
    },
  };
}

const isIos = () => /iPad|iPhone|iPod/.test(window.navigator.userAgent);

/** Whether to reopen the channel when the page is shown again: the reading is stale, or always on iOS (device-management §4). */
export function shouldReopenOnReturn(isStale: boolean): boolean {
  return shouldReopenLiveChannel({ isIos: isIos(), isStale });
}

export type LiveSocketHandlers = {
  /** The server accepted the channel. */
  onOpen?: () => void;
  /** A device_single_report arrived; anything else is ignored. */
  onReading: (reading: LiveReading) => void;
  /** The channel failed: the page shows 'An error occurred while retrieving latest readings.' (device-management §8). */
  onError: () => void;
  /** The server or the network closed the channel. */
  onClose?: () => void;
};

/**
 * Opens the live channel for one unit with the session's access token; null when signed out.
 * Close code 4401 (the session behind the token ended) is handled as a 401: the user signs in
 * again (decision 012). The returned `close` is the page's own: no handler runs after it, so a
 * page that leaves or hides is never told its channel failed.
 */
export function openLiveSocket(imei: string, handlers: LiveSocketHandlers): (() => void) | null {
  const token = getSession().apiToken;
  if (!token) return null;
  const socket = new WebSocket(liveChannelUrl(imei, token));
  socket.onopen = () => handlers.onOpen?.();
  socket.onmessage = (event: MessageEvent) => {
    const reading = parseLiveReport(event.data);
    if (reading) handlers.onReading(reading);
  };
  socket.onerror = () => handlers.onError();
  socket.onclose = (event: CloseEvent) => {
    handlers.onClose?.();
    if (event.code === LIVE_CLOSE_SESSION_ENDED) reportSessionEnded();
  };
  return () => {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    socket.close();
  };
}
