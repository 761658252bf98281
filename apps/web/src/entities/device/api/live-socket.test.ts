import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';
import { signInAs } from '../../../test/render-app';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { openAlarmSocket, openLiveSocket, parseLiveReport } from './live-socket';
import { endSession, getSession } from '../../../lib/session';

const IMEI = '356938035643809';
const READING = {
  timestamp: '2026-11-22T09:00:00.000Z',
  temp: 41.2,
  humidity: null,
  signal_strength: 20,
  power: 1,
};

function handlers() {
  return { onOpen: vi.fn(), onReading: vi.fn(), onError: vi.fn(), onClose: vi.fn() };
}

describe('the live socket shared by the device pages', () => {
  beforeEach(() => {
    installFakeWebSocket();
    signInAs();
  });
  afterEach(() => setUnauthorizedHandler(null));

  it('opens /live on this host with the IMEI, the access token as a subprotocol and not in the address (device-management §7, decision 020)', () => {
    expect(openLiveSocket(IMEI, handlers())).not.toBeNull();
    const socket = FakeWebSocket.instances[0]!;
    const url = new URL(socket.url);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`ws://${window.location.host}/live`);
    expect(url.searchParams.get('imei')).toBe(IMEI);
    expect(url.searchParams.has('access_token')).toBe(false);
    expect(socket.protocols).toEqual(['monitor-live', 'access-token.token-1']);
  });

  it('opens /live/alarms with the token as a subprotocol and passes on only alarm states (decision 021)', () => {
    const onAlarmState = vi.fn();
    openAlarmSocket({ onAlarmState });
    const socket = FakeWebSocket.alarmSockets[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/live/alarms`);
    expect(socket.protocols).toEqual(['monitor-live', 'access-token.token-1']);
    const state = {
      imei: IMEI,
      alarm_type: 'TEMP',
      puck_serial: null,
      is_alarm: true,
      timestamp: '2026-11-22T09:00:00.000Z',
    };
    socket.send({ message_type: 'device_single_report', message_body: READING });
    socket.send({ message_type: 'alarm_state', message_body: { imei: IMEI } });
    socket.send({ message_type: 'alarm_state', message_body: state });
    expect(onAlarmState).toHaveBeenCalledExactlyOnceWith(state);
  });

  it('opens nothing when signed out', () => {
    endSession();
    expect(openLiveSocket(IMEI, handlers())).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('passes on only the reading of a device_single_report (device-management §4)', () => {
    const on = handlers();
    openLiveSocket(IMEI, on);
    const socket = FakeWebSocket.instances[0]!;
    socket.send({ message_type: 'other', message_body: READING });
    socket.send({ message_type: 'device_single_report', message_body: { temp: 'hot' } });
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(on.onReading).not.toHaveBeenCalled();
    socket.send({ message_type: 'device_single_report', message_body: READING });
    expect(on.onReading).toHaveBeenCalledExactlyOnceWith(READING);
  });

  it('reports a failed channel so the page can show its error (device-management §8)', () => {
    const on = handlers();
    openLiveSocket(IMEI, on);
    FakeWebSocket.instances[0]!.fail();
    expect(on.onError).toHaveBeenCalledOnce();
    expect(on.onClose).toHaveBeenCalledOnce();
  });

  it('handles close code 4401 as a 401: the session ends (device-management §7)', () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    openLiveSocket(IMEI, handlers());
    FakeWebSocket.instances[0]!.closeWith(1000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    openLiveSocket(IMEI, handlers());
    FakeWebSocket.instances[1]!.closeWith(4401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('ends the session itself on 4401 when no app has registered what a 401 does', () => {
    setUnauthorizedHandler(null);
    openLiveSocket(IMEI, handlers());
    FakeWebSocket.instances[0]!.closeWith(4401);
    expect(getSession().loggedIn).toBe(false);
  });

  it('tells the page nothing after it closed the channel itself, hidden or gone (device-management §4)', () => {
    const on = handlers();
    const close = openLiveSocket(IMEI, on)!;
    close();
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.isClosed).toBe(true);
    socket.send({ message_type: 'device_single_report', message_body: READING });
    socket.fail();
    expect(on.onReading).not.toHaveBeenCalled();
    expect(on.onError).not.toHaveBeenCalled();
    expect(on.onClose).not.toHaveBeenCalled();
  });
});

describe('parseLiveReport', () => {
  it('reads the reading of a device_single_report and nothing else (device-management §4)', () => {
    expect(
      parseLiveReport(
        JSON.stringify({ message_type: 'device_single_report', message_body: READING }),
      ),
    ).toEqual(READING);
    expect(parseLiveReport('{')).toBeNull();
    expect(
      parseLiveReport(JSON.stringify({ message_type: 'x', message_body: READING })),
    ).toBeNull();
  });
});
