import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import { getSession } from '../../../lib/session';
import { DEMO_USER } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';

const listPath = `/api/users/${DEMO_USER.Id}/devices`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const withReportAt = (device: UserDevice, at: string): UserDevice => ({
  ...device,
  LastRead: { ...device.LastRead!, ReportTimestamp: at },
});
const STALE_PRO = withReportAt(makeDevice({ Name: 'Freezer' }), minutesAgo(6));

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function showDevices(devices: UserDevice[]) {
  mockApi([{ path: listPath, answer: { body: devices } }]);
  const view = renderApp('/devices');
  await screen.findAllByRole('article', {}, { timeout: 5000 });
  return view;
}

const report = (temp: number) => ({
  message_type: 'device_single_report',
  message_body: {
    timestamp: new Date().toISOString(),
    temp,
    humidity: 50.2,
    signal_strength: 25,
    power: 1,
  },
});

describe('live readings', () => {
  beforeEach(() => {
    installFakeWebSocket();
    signInAs();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    visibility = 'visible';
  });

  it('opens /live with the IMEI, and the access token as a subprotocol, once the PRO threshold of 5 minutes is reached (device-management §4, §7; decision 020)', async () => {
    await showDevices([STALE_PRO]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const url = new URL(FakeWebSocket.instances[0]!.url);
    expect(url.protocol).toBe('ws:');
    expect(url.pathname).toBe('/live');
    expect(url.searchParams.get('imei')).toBe(STALE_PRO.DeviceId);
    expect(url.searchParams.has('access_token')).toBe(false);
    expect(FakeWebSocket.instances[0]!.protocols).toContain('access-token.token-1');
  });

  it("shows 'Loading latest readings' while waiting, then replaces the reading with the report (device-management §4)", async () => {
    await showDevices([STALE_PRO]);
    const card = screen.getByRole('article', { name: 'Freezer' });
    expect(within(card).getByText('72°F')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    act(() => socket.open());
    expect(await within(card).findByText(/Loading latest readings/)).toBeInTheDocument();
    act(() => socket.send(report(60.4)));
    expect(await within(card).findByText('60°F')).toBeInTheDocument();
    expect(within(card).getByText('50%')).toBeInTheDocument();
    expect(within(card).queryByText(/Loading latest readings/)).not.toBeInTheDocument();
    expect(socket.isClosed).toBe(false);
  });

  it("shows a stale unit's last report time while the live channel waits, not instead of it (device-management §4; issue #24)", async () => {
    await showDevices([STALE_PRO]);
    const card = screen.getByRole('article', { name: 'Freezer' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.instances[0]!.open());
    const line = await within(card).findByText(/Loading latest readings/);
    expect(line).toHaveTextContent(/Last report: .* · 6 min ago/);
  });

  it('says how to start a unit that never reported, with no status colour, while the channel waits (device-management §4; issue #24)', async () => {
    const silent = makeDevice({ Id: 12, Name: 'New unit', LastRead: null });
    await showDevices([silent]);
    const card = screen.getByRole('article', { name: 'New unit' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.instances[0]!.open());
    expect(
      await within(card).findByText(
        'Waiting for the first report — plug the unit in; it reports within 5 minutes',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/Loading latest readings/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('status', { name: /New unit status/ })).not.toBeInTheDocument();
  });

  it('ignores a message that is not a device_single_report (device-management §4)', async () => {
    await showDevices([STALE_PRO]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    act(() => socket.send({ message_type: 'other', message_body: report(10).message_body }));
    act(() => socket.send({ message_type: 'device_single_report', message_body: { temp: 'hot' } }));
    const card = screen.getByRole('article', { name: 'Freezer' });
    expect(within(card).getByText('72°F')).toBeInTheDocument();
  });

  it('waits while the reading is fresher than the threshold: basic 15 minutes (device-management §4)', async () => {
    const basic = withReportAt(makeDevice({ Name: 'Cellar', DeviceType: 1 }), minutesAgo(10));
    await showDevices([basic]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('does not use the live channel below firmware 10.4 or off carriers 1-3 (device-management §4, §9)', async () => {
    const lowFirmware = withReportAt(makeDevice({ Id: 1, Memo: '10.3' }), minutesAgo(20));
    const otherCarrier = withReportAt(makeDevice({ Id: 2, DeviceNSP: 4 }), minutesAgo(20));
    await showDevices([lowFirmware, otherCarrier]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('closes while the page is hidden and reopens when it is visible with a stale reading (device-management §4)', async () => {
    await showDevices([STALE_PRO]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    setVisibility('hidden');
    expect(FakeWebSocket.instances[0]!.isClosed).toBe(true);
    expect(FakeWebSocket.open()).toHaveLength(0);
    setVisibility('visible');
    await waitFor(() => expect(FakeWebSocket.open()).toHaveLength(1));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('does not reopen on return when the reading is fresh (device-management §4)', async () => {
    await showDevices([STALE_PRO]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.instances[0]!.send(report(70)));
    await screen.findByText('70°F');
    setVisibility('hidden');
    setVisibility('visible');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("shows 'An error occurred while retrieving latest readings.' when the channel fails (device-management §8)", async () => {
    await showDevices([STALE_PRO]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.instances[0]!.fail());
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('An error occurred while retrieving latest readings.');
  });

  it('signs the user out when the server closes the channel with 4401, as a 401 does (device-management §7)', async () => {
    const { location } = await showDevices([STALE_PRO]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.instances[0]!.closeWith(4401));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getSession().loggedIn).toBe(false);
  });
});
