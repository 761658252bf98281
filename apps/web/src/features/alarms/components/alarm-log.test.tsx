import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AlarmEventPage } from '@monitor/contract/alarms';
import type { Peripheral } from '@monitor/contract/peripherals';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import { FakeWebSocket, installFakeWebSocket } from '../../../test/fake-websocket';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { aDelivery, anEvent, aPage } from '../test/alarm-fixtures';

const SLOW = { timeout: 5000 };

const chestFreezer = {
  Id: '0A1B2C3D',
  SerialNumber: '0A-1B-2C-3D',
  Name: 'Chest freezer',
} as Peripheral;

const freezer = makeDevice({ Id: 11, Name: 'Freezer', TimeZone: -5, Peripherals: [chestFreezer] });

function withLog(answer: MockRoute['answer'], routes: MockRoute[] = []) {
  signInAs();
  return mockApi([
    { path: '/api/users/7/devices/11', answer: { body: freezer } },
    { path: '/api/alarms', answer },
    { path: '/api/notifications', answer: { body: [] } },
    ...routes,
  ]);
}

const findLog = () => screen.findByRole('list', { name: 'Alarms, newest first' }, SLOW);

describe('alarm log (issue #23)', () => {
  beforeEach(() => {
    installFakeWebSocket();
  });

  it('issue #23 alarm log: lists every event newest first with its ISA-18.2 state, sensor and puck, times in the unit’s zone and the peak in the owner’s unit', async () => {
    Cookies.set('tempPref', 'C');
    const api = withLog({
      body: aPage([
        anEvent({
          Id: 7,
          SensorType: 'SPUCK_TEMP',
          PeripheralId: '0A1B2C3D',
          State: 'active-acknowledged',
          AcknowledgedAt: '2026-11-23T14:20:00.000Z',
          AcknowledgedBy: 'Ellen Ripley',
          AcknowledgedVia: 'sms',
        }),
        anEvent({ Id: 5, State: 'cleared-unacknowledged', EndedAt: '2026-11-23T15:00:00.000Z' }),
        anEvent({
          Id: 3,
          SensorType: 'HUMIDITY',
          PeakValue: 81.6,
          State: 'cleared-acknowledged',
          EndedAt: '2026-11-23T15:00:00.000Z',
        }),
      ]),
    });
    renderApp('/devices/11/alarms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Freezer alarms' }, SLOW),
    ).toBeInTheDocument();
    const items = within(await findLog()).getAllByRole('listitem', { name: /alarm/ });
    expect(items).toHaveLength(3);
    const [puckItem, cleared, humidity] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(puckItem).getByRole('heading', {
        level: 3,
        name: 'SPuck temperature alarm on Chest freezer',
      }),
    ).toBeInTheDocument();
    expect(puckItem).toHaveTextContent('Active — acknowledged');
    expect(cleared).toHaveTextContent('Cleared — not acknowledged');
    expect(humidity).toHaveTextContent('Cleared');
    expect(humidity).not.toHaveTextContent('not acknowledged');
    // Started, raised and ended in the unit's zone (EST), named.
    expect(cleared).toHaveTextContent('StartedMonday, November 23, 2026 at 9:00 AM EST');
    expect(cleared).toHaveTextContent('RaisedMonday, November 23, 2026 at 9:05 AM EST');
    expect(cleared).toHaveTextContent('EndedMonday, November 23, 2026 at 10:00 AM EST');
    expect(puckItem).toHaveTextContent('EndedStill out of range');
    // 95.4 °F as the owner reads it.
    expect(cleared).toHaveTextContent('Peak35°C');
    expect(humidity).toHaveTextContent('Peak82%');
    const [call] = api.find('GET', '/api/alarms');
    expect(call!.query.get('userDeviceId')).toBe('11');
    expect(call!.query.get('page')).toBe('1');
    expect(call!.query.get('pageSize')).toBe('20');
    expect(call!.authorization).toBe('Bearer token-1');
  });

  it('issue #23 alarm log: shows each event’s timeline — raised, every message with channel, address, kind and status, acknowledged by whom and how, cleared', async () => {
    withLog({
      body: aPage([
        anEvent({
          State: 'cleared-acknowledged',
          AcknowledgedAt: '2026-11-23T14:20:00.000Z',
          AcknowledgedBy: 'Ellen Ripley',
          AcknowledgedVia: 'email',
          EndedAt: '2026-11-23T15:00:00.000Z',
          Deliveries: [
            aDelivery({ SentAt: '2026-11-23T14:05:00.000Z' }),
            aDelivery({
              Channel: 'sms',
              Address: '+15555550100',
              Kind: 'repeat',
              Status: 'failed',
              QueuedAt: '2026-11-23T14:15:00.000Z',
              SentAt: null,
            }),
            aDelivery({
              Kind: 'acknowledged',
              QueuedAt: '2026-11-23T14:20:00.000Z',
              SentAt: '2026-11-23T14:21:00.000Z',
            }),
            aDelivery({
              Channel: 'voice',
              Address: '+15555550101',
              Kind: 'all-clear',
              Status: 'queued',
              QueuedAt: '2026-11-23T15:00:00.000Z',
              SentAt: null,
            }),
          ],
        }),
      ]),
    });
    renderApp('/devices/11/alarms');
    const [item] = within(await findLog()).getAllByRole('listitem', { name: /alarm/ });
    const steps = within(within(item!).getByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps).toEqual([
      'Nov 23, 9:00 AM EST · First reading out of range',
      'Nov 23, 9:05 AM EST · Alarm raised',
      'Nov 23, 9:05 AM EST · E-mail alarm to ellen@example.com: sent',
      'Nov 23, 9:15 AM EST · Text repeat to +15555550100: failed',
      'Nov 23, 9:20 AM EST · Acknowledged by Ellen Ripley from an e-mail',
      'Nov 23, 9:21 AM EST · E-mail "acknowledged" notice to ellen@example.com: sent',
      'Nov 23, 10:00 AM EST · Cleared: the reading came back in range',
      'Nov 23, 10:00 AM EST · Phone call all-clear to +15555550101: queued',
    ]);
    expect(item).toHaveTextContent(
      'Acknowledged by Ellen Ripley from an e-mail, Nov 23, 9:20 AM EST',
    );
    // Answered: no button left to press.
    expect(within(item!).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  it('issue #23 alarm log: links each event to the history graph at its moment, the puck’s history for a puck’s event', async () => {
    withLog({
      body: aPage([
        anEvent({ Id: 7, SensorType: 'SPUCK_TEMP', PeripheralId: '0A-1B-2C-3D' }),
        anEvent({ Id: 5 }),
      ]),
    });
    renderApp('/devices/11/alarms');
    const [puckItem, unitItem] = within(await findLog()).getAllByRole('listitem', {
      name: /alarm/,
    });
    expect(within(unitItem!).getByRole('link', { name: 'See on the graph' })).toHaveAttribute(
      'href',
      '/devices/11/history?at=2026-11-23T14%3A00%3A00.000Z',
    );
    expect(within(puckItem!).getByRole('link', { name: 'See on the graph' })).toHaveAttribute(
      'href',
      '/devices/11/spuckhistory?spuckid=0A1B2C3D&at=2026-11-23T14%3A00%3A00.000Z',
    );
  });

  it('issue #23 alarm log: shows the unit’s snoozes among the events', async () => {
    withLog({
      body: aPage([anEvent({ RaisedAt: '2026-11-23T14:05:00.000Z' })], {
        Snoozes: [
          {
            SnoozedAt: '2026-11-23T16:00:00.000Z',
            SnoozedUntil: '2026-11-23T20:00:00.000Z',
            SnoozedBy: 'Ellen Ripley',
            Via: 'dashboard',
          },
        ],
      }),
    });
    renderApp('/devices/11/alarms');
    const items = within(await findLog()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Alarms snoozed by Ellen Ripley on the website, Nov 23, 11:00 AM EST, until Monday, November 23, 2026 at 3:00 PM EST',
    );
    expect(items[1]).toHaveAccessibleName('Temperature alarm');
  });

  it('issue #23 alarm log: says so while loading, then "No alarms yet." for a unit that never alarmed', async () => {
    let answer: (value: { body: AlarmEventPage }) => void = () => undefined;
    withLog(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/devices/11/alarms');
    const loading = await screen.findByText('Loading the alarm log…', {}, SLOW);
    expect(loading.closest('[role="status"]')).not.toBeNull();
    answer({ body: aPage([]) });
    expect(await screen.findByText('No alarms yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading the alarm log…')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Alarms, newest first' })).toBeNull();
  });

  it('issue #23 alarm log: says a failed load in an alert and tries again on request', async () => {
    let isFailing = true;
    const api = withLog(() =>
      isFailing ? errorAnswer(500, 'Internal Server Error') : { body: aPage([anEvent()]) },
    );
    const { user } = renderApp('/devices/11/alarms');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The alarm log could not be loaded. Please try again.');
    isFailing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findLog()).toBeInTheDocument();
    expect(api.find('GET', '/api/alarms')).toHaveLength(2);
  });

  it('issue #23 alarm log: pages through older events, newest first', async () => {
    const api = withLog(({ query }) => {
      const page = Number(query.get('page'));
      return {
        body: aPage([anEvent({ Id: 100 - page, SensorType: page === 1 ? 'TEMP' : 'POWER' })], {
          Page: page,
          Total: 45,
        }),
      };
    });
    const { user } = renderApp('/devices/11/alarms');
    await findLog();
    const pages = screen.getByRole('navigation', { name: 'Alarm log pages' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Newer alarms' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Older alarms' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Power alarm' }),
    ).toBeInTheDocument();
    expect(within(pages).getByRole('status')).toHaveTextContent('Page 2 of 3');
    expect(api.find('GET', '/api/alarms').map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(within(pages).getByRole('button', { name: 'Newer alarms' })).toBeEnabled();
  });

  it('issue #23 alarm log: is the Alarms tab of the device detail page, written into the view query', async () => {
    withLog({ body: aPage([anEvent()]) });
    const { user, location } = renderApp('/devices/11');
    await user.click(await screen.findByRole('tab', { name: 'Alarms' }, SLOW));
    expect(new URLSearchParams(location().search).get('view')).toBe('alarms');
    expect(await screen.findByRole('heading', { level: 2, name: 'Alarm log' })).toBeInTheDocument();
    expect(await findLog()).toBeInTheDocument();
  });

  it('issue #23 alarm log: acknowledges an unanswered event from the log and says "Acknowledged by you"', async () => {
    const acknowledged = anEvent({
      State: 'cleared-acknowledged',
      AcknowledgedAt: '2026-11-23T15:10:00.000Z',
      AcknowledgedBy: 'Ellen Ripley',
      AcknowledgedVia: 'dashboard',
    });
    let isAcknowledged = false;
    const api = withLog(
      () => ({
        body: aPage([isAcknowledged ? acknowledged : anEvent({ State: 'cleared-unacknowledged' })]),
      }),
      [
        {
          method: 'POST',
          path: '/api/alarms/5/acknowledge',
          answer: () => {
            isAcknowledged = true;
            return { body: acknowledged };
          },
        },
      ],
    );
    const { user } = renderApp('/devices/11/alarms');
    const [item] = within(await findLog()).getAllByRole('listitem', { name: /alarm/ });
    expect(item).toHaveTextContent('Cleared — not acknowledged');
    await user.click(within(item!).getByRole('button', { name: 'Acknowledge Temperature alarm' }));
    const status = await within(item!).findByText('Acknowledged by you');
    expect(status).toHaveAttribute('role', 'status');
    // The button it was on is gone: the words take the focus.
    expect(status).toHaveFocus();
    expect(within(item!).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
    await waitFor(() => expect(item).not.toHaveTextContent('not acknowledged'));
    expect(api.find('POST', '/api/alarms/5/acknowledge')[0]!.authorization).toBe('Bearer token-1');
  });

  it('issue #23 alarm log: shows an acknowledgement the live alarm channel brings, and who made it once refetched (decision 021)', async () => {
    let acknowledgedBy: string | null = null;
    const api = withLog(() => ({
      body: aPage([
        anEvent(
          acknowledgedBy
            ? {
                State: 'active-acknowledged',
                AcknowledgedAt: '2026-11-23T14:30:00.000Z',
                AcknowledgedBy: acknowledgedBy,
                AcknowledgedVia: 'sms',
              }
            : {},
        ),
      ]),
    }));
    renderApp('/devices/11/alarms');
    const [item] = within(await findLog()).getAllByRole('listitem', { name: /alarm/ });
    expect(item).toHaveTextContent('Active — not acknowledged');
    await waitFor(() => expect(FakeWebSocket.alarmSockets).toHaveLength(1));
    const socket = FakeWebSocket.alarmSockets[0]!;
    act(() => socket.open());
    acknowledgedBy = 'Dallas';
    act(() =>
      socket.send({
        message_type: 'alarm_state',
        message_body: {
          imei: freezer.DeviceId,
          alarm_type: 'TEMP',
          puck_serial: null,
          is_alarm: true,
          timestamp: '2026-11-23T14:05:00.000Z',
          event_id: 5,
          acknowledged_at: '2026-11-23T14:30:00.000Z',
        },
      }),
    );
    expect(await within(item!).findByText('Active — acknowledged')).toBeInTheDocument();
    expect(
      await within(item!).findByText(
        'Acknowledged by Dallas from a text message, Nov 23, 9:30 AM EST',
      ),
    ).toHaveAttribute('role', 'status');
    expect(within(item!).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
    expect(api.find('GET', '/api/alarms')).toHaveLength(2);
  });
});
