import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Notification } from '@monitor/contract/notifications';
import { mockApi } from '../../../test/mock-api';
import { aNotification, renderSchedule } from '../test/render-schedule';
import { PUSH_BLOCKED } from '../lib/web-push';

// jsdom has no service worker, Push API or notifications: this browser's are stood in for here,
// as Chrome's would answer.
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';
let permission: NotificationPermission;
const requestPermission = vi.fn(() => Promise.resolve(permission));
const subscribe = vi.fn(() =>
  Promise.resolve({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) } }),
  }),
);
const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(null) } };

beforeEach(() => {
  permission = 'granted';
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission });
});
afterEach(() => {
  // Removed again, so no other test's browser can push.
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  requestPermission.mockClear();
  subscribe.mockClear();
});

const BROWSERS = { path: '/api/push/subscriptions', answer: { body: { subscriptions: [] } } };
const publicKey = { path: '/api/push/publickey', answer: { body: { PublicKey: 'B'.repeat(87) } } };
const savedBrowser = {
  method: 'POST' as const,
  path: '/api/push/subscriptions',
  answer: ({ body }: { body: unknown }) => ({
    body: { Id: 31, Name: (body as { Name: string }).Name, Endpoint: ENDPOINT, CreatedAt: '' },
  }),
};
const list = (notifications: Notification[]) => ({
  path: '/api/notifications',
  answer: { body: notifications },
});
const saved = {
  method: 'POST' as const,
  path: '/api/notifications',
  answer: ({ body }: { body: unknown }) => ({
    body: aNotification({ Id: 77, ...(body as Partial<Notification>) }),
  }),
};

describe('issue #27: push notifications from the schedule', () => {
  it('"Notify this browser" asks for permission only on saving, subscribes this browser under its name and tells it', async () => {
    const api = mockApi([list([]), BROWSERS, publicKey, savedBrowser, saved]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Notify this browser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    expect(within(dialog).getByRole('radio', { name: 'Push' })).toBeChecked();
    expect(within(dialog).getByLabelText('Browser', { exact: true })).toHaveValue('this');
    expect(requestPermission).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Name this browser'));
    await user.type(within(dialog).getByLabelText('Name this browser'), 'Kitchen iPad');
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));

    await screen.findByText('Push');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(api.find('POST', '/api/push/subscriptions')[0]!.body).toEqual({
      Endpoint: ENDPOINT,
      Keys: { P256dh: 'P'.repeat(87), Auth: 'A'.repeat(22) },
      Name: 'Kitchen iPad',
    });
    expect(api.find('POST', '/api/notifications')[0]!.body).toMatchObject({
      MessageType: 'PUSH',
      MessageAddress: '31',
    });
  });

  it('says how to allow notifications when the browser refuses, and saves nothing', async () => {
    permission = 'denied';
    const api = mockApi([list([]), BROWSERS, publicKey, savedBrowser, saved]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Notify this browser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    expect(await within(dialog).findByText(PUSH_BLOCKED)).toBeInTheDocument();
    expect(subscribe).not.toHaveBeenCalled();
    expect(api.find('POST', '/api/notifications')).toEqual([]);
  });

  it('a sub-account may only add push to its own browsers and change those rows (decision 083)', async () => {
    mockApi([
      list([
        aNotification({ Id: 1 }),
        aNotification({ Id: 2, MessageType: 'PUSH', MessageAddress: '31' }),
        aNotification({ Id: 3, MessageType: 'PUSH', MessageAddress: '99' }),
      ]),
      {
        path: '/api/push/subscriptions',
        answer: {
          body: {
            subscriptions: [{ Id: 31, Name: 'My phone', Endpoint: ENDPOINT, CreatedAt: '' }],
          },
        },
      },
    ]);
    renderSchedule({ isReadOnly: true });
    expect(await screen.findByRole('button', { name: 'Notify this browser' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add notification' })).toBeNull();
    // The row, and the list of the sub-account's browsers.
    expect(await screen.findAllByText('My phone')).toHaveLength(2);
    expect(screen.getByText('Another person’s browser')).toBeInTheDocument();
    const editable = screen.getAllByRole('button', { name: /^Edit notification/ });
    expect(editable.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Edit notification: Temperature, Push My phone',
    ]);
  });
});
