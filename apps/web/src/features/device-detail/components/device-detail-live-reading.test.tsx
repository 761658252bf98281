import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';
import { userDevice } from '../test/fixtures';

const HOUR_AGO = () => new Date(Date.now() - 60 * 60 * 1000).toISOString();

function setUp({ deviceCount, memo = '10.6' }: { deviceCount: number; memo?: string }) {
  installFakeWebSocket();
  signInAs();
  const device = userDevice({
    Memo: memo,
    LastRead: { ...userDevice().LastRead!, ReportTimestamp: HOUR_AGO() },
  });
  mockApi([
    { path: '/api/users/7/devices/5', answer: { body: device } },
    { path: '/api/users/getDeviceCount', answer: { body: { DeviceCount: deviceCount } } },
  ]);
  return renderApp('/devices/5');
}

describe('live readings on the device detail page', () => {
  it("opens the live channel for a stale reading, says 'Loading latest readings' and shows the new reading (device-management §4)", async () => {
    setUp({ deviceCount: 4 });
    // The first test loads the lazy route: give it the time other first renders get.
    expect(
      await screen.findByText(/Loading latest readings/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const socket = FakeWebSocket.instances[0]!;
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/live');
    expect(url.searchParams.get('imei')).toBe('356938035643809');
    expect(url.searchParams.has('access_token')).toBe(false);
    act(() =>
      socket.send({
        message_type: 'device_single_report',
        message_body: {
          timestamp: new Date().toISOString(),
          temp: 90,
          humidity: 50,
          signal_strength: 25,
          power: 0,
        },
      }),
    );
    const temperature = await screen.findByRole('group', { name: 'Temperature' });
    expect(within(temperature).getByText('90°F')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Power' })).getByText('OFF'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Loading latest readings/)).not.toBeInTheDocument();
    // A fresh reading does not close the channel.
    expect(socket.isClosed).toBe(false);
  });

  it('keeps the channel shut for a user with 10 or more devices (device-management §4, §9)', async () => {
    const { queryClient } = setUp({ deviceCount: 10 });
    await screen.findByRole('group', { name: 'Temperature' });
    await waitFor(() => expect(queryClient.getQueryData(['device-count', 7])).toBe(10));
    await act(async () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('keeps the channel shut for firmware below 10.4 (device-management §4, §9)', async () => {
    const { queryClient } = setUp({ deviceCount: 4, memo: '10.3' });
    await screen.findByRole('group', { name: 'Temperature' });
    await waitFor(() => expect(queryClient.getQueryData(['device-count', 7])).toBe(4));
    await act(async () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("shows 'An error occurred while retrieving latest readings.' when the channel fails (device-management §8)", async () => {
    setUp({ deviceCount: 4 });
    await screen.findByText(/Loading latest readings/);
    act(() => FakeWebSocket.instances[0]!.fail());
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('An error occurred while retrieving latest readings.'),
    ).toBeInTheDocument();
  });

  it('closes while the page is hidden and reopens when it is shown with the reading still stale (device-management §4)', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (state: DocumentVisibilityState) => {
      visibility = state;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };
    setUp({ deviceCount: 4 });
    await screen.findByText(/Loading latest readings/);
    setVisibility('hidden');
    expect(FakeWebSocket.instances[0]!.isClosed).toBe(true);
    expect(FakeWebSocket.open()).toHaveLength(0);
    setVisibility('visible');
    await waitFor(() => expect(FakeWebSocket.open()).toHaveLength(1));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('signs the user out when the server closes the channel with 4401, as a 401 does (device-management §7)', async () => {
    const { location } = setUp({ deviceCount: 4 });
    await screen.findByText(/Loading latest readings/);
    act(() => FakeWebSocket.instances[0]!.closeWith(4401));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getSession().loggedIn).toBe(false);
    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
  });
});
