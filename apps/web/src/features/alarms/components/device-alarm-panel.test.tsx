import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { anEvent, aPage } from '../test/alarm-fixtures';

const SLOW = { timeout: 5000 };

const acknowledgedByEllen = anEvent({
  State: 'active-acknowledged',
  AcknowledgedAt: '2026-11-23T14:30:00.000Z',
  AcknowledgedBy: 'Ellen Ripley',
  AcknowledgedVia: 'dashboard',
});

/** The dashboard with one card (fewer than 4 devices open as cards, device-management §2). */
function withCard(device: UserDevice, routes: MockRoute[] = []) {
  signInAs();
  return mockApi([
    ...routes,
    { path: '/api/users/7/devices', answer: { body: [device] } },
    { path: '/api/users/7/devices/11', answer: { body: device } },
    { path: '/api/notifications', answer: { body: [] } },
  ]);
}

const freezer = (overrides: Partial<UserDevice> & Record<string, unknown> = {}) =>
  makeDevice({ Id: 11, Name: 'Freezer', TimeZone: -5, ...overrides });

const findCard = () => screen.findByRole('article', { name: 'Freezer' }, SLOW);

describe('acknowledge on the card and the detail page (issue #23)', () => {
  beforeEach(() => {
    installFakeWebSocket();
  });

  it('issue #23 acknowledge: the dashboard card offers Acknowledge on an active, unanswered alarm, then says "Acknowledged by you"', async () => {
    let isAcknowledged = false;
    const api = withCard(freezer(), [
      {
        path: '/api/alarms',
        answer: () => ({ body: aPage([isAcknowledged ? acknowledgedByEllen : anEvent()]) }),
      },
      {
        method: 'POST',
        path: '/api/alarms/5/acknowledge',
        answer: () => {
          isAcknowledged = true;
          return { body: acknowledgedByEllen };
        },
      },
    ]);
    const { user } = renderApp('/devices');
    const card = await findCard();
    const active = await within(card).findByRole('list', { name: 'Active alarms on Freezer' });
    expect(active).toHaveTextContent('Temperature alarm');
    expect(active).toHaveTextContent('Since Nov 23, 9:05 AM EST');
    await user.click(within(active).getByRole('button', { name: 'Acknowledge Temperature alarm' }));
    const done = await within(card).findByText('Acknowledged by you');
    expect(done).toHaveAttribute('role', 'status');
    expect(within(card).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(api.find('POST', '/api/alarms/5/acknowledge')).toHaveLength(1);
    // The card's first page of the log, the same call the log makes.
    expect(api.find('GET', '/api/alarms')[0]!.query.get('userDeviceId')).toBe('11');
  });

  it('issue #23 acknowledge: offers no button for an alarm already answered or cleared, and says who answered', async () => {
    withCard(freezer(), [
      {
        path: '/api/alarms',
        answer: {
          body: aPage([
            acknowledgedByEllen,
            anEvent({
              Id: 4,
              State: 'cleared-unacknowledged',
              EndedAt: '2026-11-23T15:00:00.000Z',
            }),
          ]),
        },
      },
    ]);
    renderApp('/devices');
    const card = await findCard();
    const active = await within(card).findByRole('list', { name: 'Active alarms on Freezer' });
    expect(within(active).getAllByRole('listitem')).toHaveLength(1);
    expect(active).toHaveTextContent(
      'Acknowledged by Ellen Ripley on the website, Nov 23, 9:30 AM EST',
    );
    expect(within(card).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Alarm log of Freezer' })).toHaveAttribute(
      'href',
      '/devices/11/alarms',
    );
  });

  it('issue #23 acknowledge: the detail page shows the active alarm with Acknowledge above its tabs', async () => {
    const api = withCard(freezer(), [
      { path: '/api/alarms', answer: { body: aPage([anEvent()]) } },
      { method: 'POST', path: '/api/alarms/5/acknowledge', answer: { body: acknowledgedByEllen } },
    ]);
    const { user } = renderApp('/devices/11');
    const active = await screen.findByRole('list', { name: 'Active alarms on Freezer' }, SLOW);
    await user.click(within(active).getByRole('button', { name: 'Acknowledge Temperature alarm' }));
    expect(await within(active).findByText('Acknowledged by you')).toBeInTheDocument();
    expect(api.find('POST', '/api/alarms/5/acknowledge')[0]!.authorization).toBe('Bearer token-1');
  });

  it('issue #23 acknowledge: a failed acknowledgement is said in an alert and the button stays', async () => {
    withCard(freezer(), [
      { path: '/api/alarms', answer: { body: aPage([anEvent()]) } },
      {
        method: 'POST',
        path: '/api/alarms/5/acknowledge',
        answer: errorAnswer(409, 'This alarm belongs to a unit you no longer see.'),
      },
    ]);
    const { user } = renderApp('/devices');
    const card = await findCard();
    await user.click(
      await within(card).findByRole('button', { name: 'Acknowledge Temperature alarm' }),
    );
    expect(
      await within(card).findByText('This alarm belongs to a unit you no longer see.'),
    ).toHaveAttribute('role', 'alert');
    expect(
      within(card).getByRole('button', { name: 'Acknowledge Temperature alarm' }),
    ).toBeEnabled();
  });
});

describe('snooze on the card (issue #23)', () => {
  beforeEach(() => {
    installFakeWebSocket();
  });

  it('issue #23 snooze: the owner snoozes the unit for 4 hours from the menu, sees until when in the unit’s zone, and resumes', async () => {
    // Only the clock's date is fixed, so "3:40 PM EST" is today; timers stay real.
    vi.useFakeTimers({ now: new Date('2026-11-23T16:40:00.000Z'), toFake: ['Date'] });
    const api = withCard(freezer(), [
      { path: '/api/alarms', answer: { body: aPage([]) } },
      {
        method: 'POST',
        path: '/api/alarms/snooze',
        answer: { body: { SnoozedUntil: '2026-11-23T20:40:00.000Z' } },
      },
      { method: 'DELETE', path: '/api/alarms/snooze', answer: { body: { SnoozedUntil: null } } },
    ]);
    const { user } = renderApp('/devices');
    const card = await findCard();
    await user.click(within(card).getByRole('button', { name: 'Snooze alarms for Freezer' }));
    const menu = await screen.findByRole('menu', { name: 'Snooze alarms for Freezer' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['1 hour', '4 hours', '24 hours']);
    await user.click(within(menu).getByRole('menuitem', { name: '4 hours' }));
    const status = await within(card).findByText('Alarms snoozed until 3:40 PM EST');
    expect(status).toHaveAttribute('role', 'status');
    expect(api.find('POST', '/api/alarms/snooze')[0]!.body).toEqual({ UserDeviceId: 11, Hours: 4 });

    await user.click(within(card).getByRole('button', { name: 'Resume alarms for Freezer' }));
    expect(await within(card).findByText('Alarms resumed.')).toHaveAttribute('role', 'status');
    expect(
      within(card).getByRole('button', { name: 'Snooze alarms for Freezer' }),
    ).toBeInTheDocument();
    expect(api.find('DELETE', '/api/alarms/snooze')[0]!.query.get('userDeviceId')).toBe('11');
  });

  it('issue #23 snooze: opens and chooses from the keyboard', async () => {
    const api = withCard(freezer(), [
      { path: '/api/alarms', answer: { body: aPage([]) } },
      {
        method: 'POST',
        path: '/api/alarms/snooze',
        answer: { body: { SnoozedUntil: new Date(Date.now() + 3_600_000).toISOString() } },
      },
    ]);
    const { user } = renderApp('/devices');
    const card = await findCard();
    within(card).getByRole('button', { name: 'Snooze alarms for Freezer' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Snooze alarms for Freezer' });
    // The menu opens with the focus inside it; the arrows walk its items.
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: '1 hour' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: '4 hours' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(card).findByText(/^Alarms snoozed until /)).toHaveFocus();
    expect(api.find('POST', '/api/alarms/snooze')[0]!.body).toEqual({ UserDeviceId: 11, Hours: 4 });
  });

  it('issue #23 snooze: shows a snooze the device answer carries in AlarmsSnoozedUntil', async () => {
    const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
    withCard(freezer({ AlarmsSnoozedUntil: until }), [
      { path: '/api/alarms', answer: { body: aPage([]) } },
    ]);
    renderApp('/devices');
    const card = await findCard();
    expect(
      await within(card).findByText(/^Alarms snoozed until \d{1,2}:\d{2} [AP]M EST/),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Resume alarms for Freezer' }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Snooze alarms for Freezer' })).toBeNull();
  });

  it('issue #23 snooze: a sub-account has no snooze control, yet acknowledges', async () => {
    withCard(freezer({ SubAccountDevice: true }), [
      { path: '/api/alarms', answer: { body: aPage([anEvent()]) } },
    ]);
    renderApp('/devices');
    const card = await findCard();
    expect(
      await within(card).findByRole('button', { name: 'Acknowledge Temperature alarm' }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Snooze alarms for Freezer' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Resume/ })).toBeNull();
  });
});
