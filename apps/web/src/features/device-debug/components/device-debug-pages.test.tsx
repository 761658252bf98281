import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DebugDevice, DeviceDebugDetails } from '@monitor/contract/device-debug';
import { getSession } from '../../../lib/session';
import { DEMO_USER, inOneHour } from '../../../test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';

const IMEI = '356938035643809';

const unit = (extra: Partial<DebugDevice> = {}): DebugDevice => ({
  DeviceId: IMEI,
  SerialNumber: 'ABC123',
  DeviceType: 4,
  FirmwareVersion: '10.6',
  Memo: 'FW 10.6 build 3',
  DeviceNSP: 2,
  ModemActivated: true,
  UserDeviceId: 12,
  OwnerUserId: 40,
  OwnerEmail: 'barn@example.com',
  Active: true,
  // 14:05 UTC in July is 10:05 US Eastern daylight time.
  LastReportTime: '2026-07-01T14:05:00.000Z',
  LastMessage: '2026-07-01T14:05:30.000Z',
  PeripheralCount: 3,
  OpenAlarms: 1,
  ...extra,
});

const listRoute = (answer: MockRoute['answer']): MockRoute => ({
  path: '/api/users/getDeviceDebugList',
  answer,
});
const detailsRoute = (answer: MockRoute['answer']): MockRoute => ({
  path: '/api/users/getDeviceDebugDetails',
  answer,
});

const DETAILS: DeviceDebugDetails = {
  Device: unit(),
  Reports: [
    {
      // 15 January is standard time: 03:00 UTC shows as 22:00 the day before, UTC−5.
      ReportTimestamp: '2026-01-15T03:00:00.000Z',
      ReceivedAt: '2026-01-15T03:00:04.000Z',
      Temperature: 71.3,
      Humidity: 44,
      Power: 1,
      SignalStrength: 22,
      Water: null,
      Motion: 0,
    },
  ],
  Deliveries: [
    {
      Id: 5,
      AlarmType: 'TEMP',
      Channel: 'sms',
      Address: '15125550100',
      Subject: null,
      Status: 'failed',
      Attempts: 3,
      LastError: 'Number unreachable',
      CreatedAt: '2026-01-15T03:01:00.000Z',
      SentAt: null,
    },
  ],
};

const errorDialog = () => screen.findByRole('dialog', { name: 'Error!' }, { timeout: 5000 });

// The first render loads the lazy route, slow on a busy machine.
describe('device debug pages (device-management §2, §6, §8, §9)', { timeout: 20_000 }, () => {
  it('sends a user the server refuses from the debug list to /devices (device-management §6)', async () => {
    mockApi([listRoute(errorAnswer(403, 'The device debug pages are limited to support staff.'))]);
    signInAs();
    const { location } = renderApp('/devicelist');
    await waitFor(() => expect(location().pathname).toBe('/devices'), { timeout: 5000 });
    expect(screen.queryByRole('dialog', { name: 'Error!' })).not.toBeInTheDocument();
  });

  it('sends a user the server refuses from the debug details to /devices (device-management §6)', async () => {
    mockApi([
      detailsRoute(errorAnswer(403, 'The device debug pages are limited to support staff.')),
    ]);
    signInAs();
    const { location } = renderApp(`/devicedebugdetails/${IMEI}`);
    await waitFor(() => expect(location().pathname).toBe('/devices'), { timeout: 5000 });
  });

  it('lists every unit with owner, firmware, carrier and times shifted to US Eastern (device-management §2, §9)', async () => {
    const api = mockApi([
      listRoute({
        body: {
          Devices: [
            unit(),
            unit({
              DeviceId: '490154203237518',
              SerialNumber: 'ZZZ999',
              OwnerEmail: null,
              Active: null,
              OpenAlarms: 0,
            }),
          ],
          Total: 2,
        },
      }),
    ]);
    signInAs();
    renderApp('/devicelist');
    await screen.findByRole('heading', { level: 1, name: 'Device debug list' }, { timeout: 5000 });
    const row = (await screen.findByRole('link', { name: IMEI })).closest('tr')!;
    expect(within(row).getByText('barn@example.com')).toBeInTheDocument();
    expect(within(row).getByText('FW 10.6 build 3')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('2026-07-01 10:05:00 (UTC−4)')).toBeInTheDocument();
    const inventory = screen.getByRole('link', { name: '490154203237518' }).closest('tr')!;
    expect(within(inventory).getByText('In inventory')).toBeInTheDocument();
    expect(screen.getByText('2 units')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: IMEI })).toHaveAttribute(
      'href',
      `/devicedebugdetails/${IMEI}`,
    );
    expect(api.find('GET', '/api/users/getDeviceDebugList')[0]!.query.get('userId')).toBe(
      String(DEMO_USER.Id),
    );
  });

  it('searches by IMEI, serial or e-mail through the server and shows what matches (device-management §7)', async () => {
    const api = mockApi([
      listRoute(({ query }) => ({
        body:
          query.get('search') === 'zzz'
            ? { Devices: [unit({ DeviceId: '490154203237518', SerialNumber: 'ZZZ999' })], Total: 1 }
            : { Devices: [unit()], Total: 1 },
      })),
    ]);
    signInAs();
    const { user } = renderApp('/devicelist');
    await screen.findByRole('link', { name: IMEI }, { timeout: 5000 });
    await user.type(screen.getByRole('textbox', { name: /Search/ }), 'zzz');
    expect(
      await screen.findByRole('link', { name: '490154203237518' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: IMEI })).not.toBeInTheDocument();
    const searches = api
      .find('GET', '/api/users/getDeviceDebugList')
      .map((call) => call.query.get('search'));
    // Typing sends one search after the pause, not one per key.
    expect(searches).toEqual([null, 'zzz']);
  });

  it("acts as a unit's owner in one click from its row, keeping the staff session (decision 023)", async () => {
    mockApi([
      listRoute({
        body: {
          Devices: [
            unit(),
            unit({
              DeviceId: '490154203237518',
              OwnerUserId: null,
              UserDeviceId: null,
              OwnerEmail: null,
            }),
          ],
          Total: 2,
        },
      }),
      {
        path: '/api/authorization/impersonate/40',
        answer: {
          body: {
            ...DEMO_USER,
            Id: 40,
            AccessToken: 'owner-token',
            AccessTokenExpires: inOneHour(),
          },
        },
      },
    ]);
    signInAs();
    const { user, location } = renderApp('/devicelist');
    const inventoryRow = (
      await screen.findByRole('link', { name: '490154203237518' }, { timeout: 5000 })
    ).closest('tr')!;
    expect(within(inventoryRow).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: `Impersonate the owner of ${IMEI}` }));
    await waitFor(() => expect(location().pathname).toBe('/devices'));
    expect(getSession()).toMatchObject({
      impersonating: true,
      apiToken: 'owner-token',
      staffSession: { apiToken: 'token-1' },
    });
  });

  it('says when the list is capped and a search is needed (device-management §7)', async () => {
    mockApi([listRoute({ body: { Devices: [unit()], Total: 350 } })]);
    signInAs();
    renderApp('/devicelist');
    expect(
      await screen.findByText(
        'Showing the first 1 of 350 units; search to narrow them down.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it("shows 'An error occurred loading the device debug list.' in the 'Error!' dialog when the list fails (device-management §8)", async () => {
    mockApi([listRoute(errorAnswer(500, 'boom'))]);
    signInAs();
    const { location } = renderApp('/devicelist');
    expect(
      within(await errorDialog()).getByText('An error occurred loading the device debug list.'),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/devicelist');
  });

  it("shows the unit's facts, raw report values and failed deliveries with their reason (device-management §2, §9)", async () => {
    const api = mockApi([detailsRoute({ body: DETAILS })]);
    signInAs();
    renderApp(`/devicedebugdetails/${IMEI}`);
    const unitSection = await screen.findByRole('region', { name: 'Unit' }, { timeout: 5000 });
    expect(within(unitSection).getByText('barn@example.com')).toBeInTheDocument();
    expect(within(unitSection).getByText('Carrier (DeviceNSP)').nextSibling).toHaveTextContent('2');
    const reports = screen.getByRole('region', { name: 'Recent reports' });
    expect(within(reports).getByText('2026-01-14 22:00:00 (UTC−5)')).toBeInTheDocument();
    expect(within(reports).getByText('71.3')).toBeInTheDocument();
    const deliveries = screen.getByRole('region', { name: 'Alarm deliveries' });
    expect(within(deliveries).getByText('failed')).toBeInTheDocument();
    expect(within(deliveries).getByText('Number unreachable')).toBeInTheDocument();
    const call = api.find('GET', '/api/users/getDeviceDebugDetails')[0]!;
    expect([call.query.get('userId'), call.query.get('imei')]).toEqual([
      String(DEMO_USER.Id),
      IMEI,
    ]);
  });

  it("shows 'An error occurred loading the device debug details.' when the details fail (device-management §8)", async () => {
    mockApi([detailsRoute(errorAnswer(404, 'No unit has this IMEI.'))]);
    signInAs();
    renderApp(`/devicedebugdetails/${IMEI}`);
    expect(
      within(await errorDialog()).getByText('An error occurred loading the device debug details.'),
    ).toBeInTheDocument();
  });
});
