import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { userDevice } from '../test/fixtures';

class FakeSocket {
  static opened: FakeSocket[] = [];
  readonly url: string;
  readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  isClosed = false;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const HOUR_AGO = () => new Date(Date.now() - 60 * 60 * 1000).toISOString();

function setUp({ deviceCount, memo = '10.6' }: { deviceCount: number; memo?: string }) {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
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
    expect(await screen.findByText('Loading latest readings…')).toBeInTheDocument();
    const socket = FakeSocket.opened[0]!;
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/live');
    expect(url.searchParams.get('imei')).toBe('356938035643809');
    expect(url.searchParams.get('access_token')).toBe('token-1');
    act(() =>
      socket.emit('message', {
        data: JSON.stringify({
          message_type: 'device_single_report',
          message_body: {
            timestamp: new Date().toISOString(),
            temp: 90,
            humidity: 50,
            signal_strength: 25,
            power: 0,
          },
        }),
      }),
    );
    const temperature = await screen.findByRole('group', { name: 'Temperature' });
    expect(within(temperature).getByText('90°F')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Power' })).getByText('OFF'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading latest readings…')).not.toBeInTheDocument();
    // A fresh reading does not close the channel.
    expect(socket.isClosed).toBe(false);
  });

  it('keeps the channel shut for a user with 10 or more devices (device-management §4, §9)', async () => {
    const { queryClient } = setUp({ deviceCount: 10 });
    await screen.findByRole('group', { name: 'Temperature' });
    await waitFor(() => expect(queryClient.getQueryData(['device-count', 7])).toBe(10));
    await act(async () => undefined);
    expect(FakeSocket.opened).toHaveLength(0);
  });

  it('keeps the channel shut for firmware below 10.4 (device-management §4, §9)', async () => {
    const { queryClient } = setUp({ deviceCount: 4, memo: '10.3' });
    await screen.findByRole('group', { name: 'Temperature' });
    await waitFor(() => expect(queryClient.getQueryData(['device-count', 7])).toBe(4));
    await act(async () => undefined);
    expect(FakeSocket.opened).toHaveLength(0);
  });

  it("shows 'An error occurred while retrieving latest readings.' when the channel fails (device-management §8)", async () => {
    setUp({ deviceCount: 4 });
    await screen.findByText('Loading latest readings…');
    act(() => FakeSocket.opened[0]!.emit('error', {}));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('An error occurred while retrieving latest readings.'),
    ).toBeInTheDocument();
  });
});
