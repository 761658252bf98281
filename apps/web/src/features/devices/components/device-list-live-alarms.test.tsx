import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEMO_USER } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';
import { makeDevice } from '../../../entities/device/test/device-fixtures';

const listPath = `/api/users/${DEMO_USER.Id}/devices`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Twelve devices: more than 9, so the per-unit reading channel never opens (device-management §4). */
const fleet = (hotId: number | null): UserDevice[] =>
  Array.from({ length: 12 }, (_, i) => {
    const device = makeDevice({ Id: i + 1, Name: `Unit ${i + 1}` });
    const temperature = device.Id === hotId ? 95 : 70;
    return {
      ...device,
      LastRead: { ...device.LastRead!, Temperature: temperature, ReportTimestamp: minutesAgo(1) },
    };
  });

const alarmState = (imei: string, isAlarm: boolean) => ({
  message_type: 'alarm_state',
  message_body: {
    imei,
    alarm_type: 'TEMP',
    puck_serial: null,
    is_alarm: isAlarm,
    timestamp: new Date().toISOString(),
  },
});

let visibility: DocumentVisibilityState = 'visible';

describe('alarm states pushed to an open device list (decision 021)', () => {
  beforeEach(() => {
    installFakeWebSocket();
    signInAs();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    visibility = 'visible';
  });

  it('opens one alarm socket for any number of devices and shows an alarm on its row without a reload', async () => {
    let hotId: number | null = null;
    const api = mockApi([{ path: listPath, answer: () => ({ body: fleet(hotId) }) }]);
    renderApp('/devices');
    // Twelve devices open in the list view (device-management §2), one row each.
    await screen.findByRole('listitem', { name: 'Unit 5' }, { timeout: 5000 });
    await waitFor(() => expect(FakeWebSocket.alarmSockets).toHaveLength(1));
    const socket = FakeWebSocket.alarmSockets[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/live/alarms`);
    expect(socket.protocols).toContain('access-token.token-1');
    // No per-unit channel at 12 devices: the alarm socket is the only way the news arrives.
    expect(FakeWebSocket.instances).toHaveLength(0);
    const listCalls = () => api.calls.filter((call) => call.path === listPath).length;
    const before = listCalls();

    hotId = 5;
    act(() => socket.open());
    act(() => socket.send(alarmState(makeDevice({ Id: 5 }).DeviceId, true)));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
    const row = screen.getByRole('listitem', { name: 'Unit 5' });
    expect(await within(row).findByText('95°F')).toBeInTheDocument();
    expect(within(row).getByRole('status', { name: 'Unit 5 status: Alarm' })).toBeInTheDocument();
  });

  it('closes the socket while the page is hidden and refreshes the devices when it reopens', async () => {
    const api = mockApi([{ path: listPath, answer: () => ({ body: fleet(null) }) }]);
    renderApp('/devices');
    await screen.findByRole('listitem', { name: 'Unit 1' }, { timeout: 5000 });
    await waitFor(() => expect(FakeWebSocket.alarmSockets).toHaveLength(1));
    act(() => FakeWebSocket.alarmSockets[0]!.open());
    const listCalls = () => api.calls.filter((call) => call.path === listPath).length;
    const before = listCalls();
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(FakeWebSocket.alarmSockets[0]!.isClosed).toBe(true);
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(FakeWebSocket.alarmSockets).toHaveLength(2));
    // An alarm may have opened while it was hidden: the devices are fetched again once it is open.
    act(() => FakeWebSocket.alarmSockets[1]!.open());
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });
});
