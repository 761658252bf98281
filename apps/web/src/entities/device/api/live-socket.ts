import {
  AlarmStateMessage,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  LiveReportMessage,
  type LiveReading,
} from '@monitor/contract/live';
import type { UserDevice } from '@monitor/contract/user-devices';
import { shouldReopenLiveChannel } from '@monitor/domain/devices/live-channel';
import { reportSessionEnded } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/**
 * The live channel as both device pages use it (device-management §4 "Live readings", §7;
 * decision 012): the socket, its messages and its ending. When to open it stays with each page,
 * which knows its own device data.
 */

/**
 * A live channel's address on this host: `/live?imei=` for a unit (device-management §7) or
 * `/live/alarms`. The access token is not in it: it goes as a subprotocol (decision 020).
 */
export function liveChannelUrl(path: '/live' | '/live/alarms', query: Record<string, string> = {}) {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const search = new URLSearchParams(query).toString();
  return `${scheme}://${window.location.host}${path}${search ? `?${search}` : ''}`;
}

/** The subprotocols that carry the access token (a browser cannot set headers on a WebSocket). */
export function liveProtocols(accessToken: string): string[] {
  return [LIVE_PROTOCOL, `${LIVE_TOKEN_PROTOCOL_PREFIX}${accessToken}`];
}

function parseMessage(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

/** The reading of a device_single_report checked against the contract, or null for anything else. */
export function parseLiveReport(data: unknown): LiveReading | null {
  const parsed = LiveReportMessage.safeParse(parseMessage(data));
  return parsed.success ? parsed.data.message_body : null;
}

export type AlarmState = AlarmStateMessage['message_body'];

/** The body of an alarm_state checked against the contract, or null for anything else. */
export function parseAlarmState(data: unknown): AlarmState | null {
  const parsed = AlarmStateMessage.safeParse(parseMessage(data));
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
      // A message without them (a server before issue #10) keeps what was shown.
      Water: reading.water === undefined ? (device.LastRead?.Water ?? null) : reading.water,
      Motion: reading.motion === undefined ? (device.LastRead?.Motion ?? null) : reading.motion,
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

type SocketHandlers = {
  onOpen?: () => void;
  onMessage: (data: unknown) => void;
  onError?: () => void;
  onClose?: () => void;
};

/**
 * Opens a live channel with the session's access token as a subprotocol; null when signed out.
 * Close code 4401 (the session behind the token ended) is handled as a 401: the user signs in
 * again (decision 012). The returned `close` is the page's own: no handler runs after it, so a
 * page that leaves or hides is never told its channel failed.
 */
function openSocket(url: string, handlers: SocketHandlers): (() => void) | null {
  const token = getSession().apiToken;
  if (!token) return null;
  const socket = new WebSocket(url, liveProtocols(token));
  socket.onopen = () => handlers.onOpen?.();
  socket.onmessage = (event: MessageEvent) => handlers.onMessage(event.data);
  socket.onerror = () => handlers.onError?.();
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

/** Opens the live channel for one unit (device-management §4 "Live readings"); null when signed out. */
export function openLiveSocket(imei: string, handlers: LiveSocketHandlers): (() => void) | null {
  return openSocket(liveChannelUrl('/live', { imei }), {
    ...handlers,
    onMessage: (data) => {
      const reading = parseLiveReport(data);
      if (reading) handlers.onReading(reading);
    },
  });
}

export type AlarmSocketHandlers = {
  onOpen?: () => void;
  /** An alarm of one of the user's units opened or closed. */
  onAlarmState: (state: AlarmState) => void;
  /** The server or the network closed the channel, or it failed to open. */
  onClose?: () => void;
};

/**
 * Opens the user's alarm channel (decision 021): every alarm opening and closing of every unit
 * the user sees, whatever their number; null when signed out.
 */
export function openAlarmSocket(handlers: AlarmSocketHandlers): (() => void) | null {
  return openSocket(liveChannelUrl('/live/alarms'), {
    onOpen: handlers.onOpen,
    onClose: handlers.onClose,
    onMessage: (data) => {
      const state = parseAlarmState(data);
      if (state) handlers.onAlarmState(state);
    },
  });
}
