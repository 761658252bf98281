import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { alarmPoint, puck, userDevice } from '../test/fixtures';

const DEVICE_PATH = '/api/users/7/devices/5';

function withDevice(device = userDevice(), routes: MockRoute[] = []) {
  signInAs();
  return mockApi([
    { path: DEVICE_PATH, answer: { body: device } },
    { method: 'POST', path: '/api/devices/5/sendtext/RPT', answer: { body: { ok: true } } },
    { path: '/api/notifications', answer: { body: [] } },
    ...routes,
  ]);
}

describe('device detail tabs', () => {
  it.each([
    ['/devices/5', 'Device Status'],
    ['/devices/5?view=settings', 'Change Settings'],
    ['/devices/5?view=subscription', 'Subscription'],
    ['/devices/5?view=devicesubscription', 'Subscription'],
    ['/devices/5?view=spuckstatus', 'SPuck Status'],
  ])('opens %s on the %s tab (device-management §2)', async (path, tab) => {
    withDevice();
    renderApp(path);
    // The first visit loads the lazy page, which can take over a second on a busy machine.
    expect(
      await screen.findByRole('tab', { name: tab, selected: true }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('sends view=history to the device history page (device-management §2)', async () => {
    withDevice();
    const { location } = renderApp('/devices/5?view=history');
    await waitFor(() => expect(location().pathname).toBe('/devices/5/history'));
  });

  it('writes the chosen tab into the view query', async () => {
    withDevice();
    const { user, location } = renderApp('/devices/5');
    await user.click(await screen.findByRole('tab', { name: 'Change Settings' }));
    expect(new URLSearchParams(location().search).get('view')).toBe('settings');
  });

  it('composes the notification schedule into the Change Settings tab', async () => {
    withDevice();
    renderApp('/devices/5?view=settings');
    expect(
      await screen.findByRole('heading', { name: 'Notification schedule' }),
    ).toBeInTheDocument();
  });

  it.each([
    [5, '/devices/5/marcellpro'],
    [10, '/devices/5/nistdevice'],
  ])(
    'links the owner of a type %i device to its sub-account page %s (device-management §2)',
    async (deviceType, path) => {
      withDevice(userDevice({ DeviceType: deviceType }));
      renderApp('/devices/5');
      expect(await screen.findByRole('link', { name: 'Sub-accounts' })).toHaveAttribute(
        'href',
        path,
      );
    },
  );

  it.each([
    ['a basic device', userDevice({ DeviceType: 2 })],
    ['a sub-account', userDevice({ DeviceType: 5, SubAccountDevice: true })],
  ])('offers no sub-account page to %s (device-management §2)', async (_case, device) => {
    withDevice(device);
    renderApp('/devices/5');
    await screen.findByRole('link', { name: 'History' });
    expect(screen.queryByRole('link', { name: 'Sub-accounts' })).not.toBeInTheDocument();
  });

  it('composes the subscription feature into the Subscription tab', async () => {
    withDevice(userDevice({ DeviceType: 1, SubscriptionId: null }));
    renderApp('/devices/5?view=subscription');
    expect(
      await screen.findByText('This device has no subscription on record.'),
    ).toBeInTheDocument();
  });

  it("shows 'An error occurred fetching user device data.' once, with the way back, when the device cannot load (device-management §8)", async () => {
    signInAs();
    mockApi([{ path: DEVICE_PATH, answer: errorAnswer(500, 'boom') }]);
    renderApp('/devices/5');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred fetching user device data.');
    expect(within(alert).getByRole('link', { name: 'Back to my devices' })).toBeInTheDocument();
    expect(screen.getAllByText('An error occurred fetching user device data.')).toHaveLength(1);
  });

  it("shows an unknown device's message once, not in a dialog as well (issue #10)", async () => {
    signInAs();
    mockApi([{ path: DEVICE_PATH, answer: errorAnswer(404, 'Device not found.') }]);
    renderApp('/devices/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found.');
    // The 'Error!' dialog loads lazily; it used to follow the alert with the same words.
    await expect(screen.findByRole('dialog', {}, { timeout: 1500 })).rejects.toThrow();
    expect(screen.getAllByText('Device not found.')).toHaveLength(1);
  });
});

describe('device status widgets', () => {
  it('shows temperature and wet bulb in the preferred unit, humidity, power and signal in words (device-management §4, §9)', async () => {
    Cookies.set('tempPref', 'C');
    withDevice();
    renderApp('/devices/5');
    const temperature = await screen.findByRole('group', { name: 'Temperature' });
    expect(within(temperature).getByText('22°C')).toBeInTheDocument();
    expect(within(temperature).getByText('In range')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Humidity' })).getByText('45%'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Power' })).getByText('ON'),
    ).toBeInTheDocument();
    // 21 rounded, divided by 5.
    expect(
      within(screen.getByRole('group', { name: 'Signal strength' })).getByText('4.2'),
    ).toBeInTheDocument();
    // Stull's wet bulb of 72 °F at 45 % is about 15 °C.
    expect(
      within(screen.getByRole('group', { name: 'Wet bulb' })).getByText('15°C'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Device status: OK' })).toBeInTheDocument();
  });

  it('shows a muted device as Device OFF and its status as Alarm (device-management §4)', async () => {
    withDevice(userDevice({ Mute: true }));
    renderApp('/devices/5');
    const power = await screen.findByRole('group', { name: 'Power' });
    expect(within(power).getByText('Device OFF')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Device status: Alarm' })).toBeInTheDocument();
  });

  it('marks a reading within 5 units of a bound as near a limit (device-management §4)', async () => {
    withDevice(
      userDevice({
        LastRead: { ...userDevice().LastRead!, Temperature: 83 },
      }),
    );
    renderApp('/devices/5');
    const temperature = await screen.findByRole('group', { name: 'Temperature' });
    expect(within(temperature).getByText('Near a limit')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Device status: Warning' })).toBeInTheDocument();
  });

  it("shows the unit's own water reading of 1 as Detected and counts it: the device is in alarm (device-management §4)", async () => {
    withDevice(userDevice({ LastRead: { ...userDevice().LastRead!, Water: 1, Motion: 0 } }));
    renderApp('/devices/5');
    const water = await screen.findByRole('group', { name: 'Water' });
    expect(within(water).getByText('Detected')).toBeInTheDocument();
    expect(within(water).getByText('Alarm')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Motion' })).getByText('None'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Device status: Alarm' })).toBeInTheDocument();
  });

  it('shows no water or motion tile for a unit that reports neither', async () => {
    withDevice();
    renderApp('/devices/5');
    await screen.findByRole('group', { name: 'Temperature' });
    expect(screen.queryByRole('group', { name: 'Water' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Motion' })).not.toBeInTheDocument();
  });

  it('hides humidity and the wet bulb on NIST type 10 (device-management §4)', async () => {
    withDevice(userDevice({ DeviceType: 10 }));
    renderApp('/devices/5');
    await screen.findByRole('group', { name: 'Temperature' });
    expect(screen.queryByRole('group', { name: 'Humidity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Wet bulb' })).not.toBeInTheDocument();
  });
});

describe('a device opened from the device list (issue #27)', () => {
  it('is drawn from the list while its own answer is on its way, as it is offline', async () => {
    signInAs();
    mockApi([
      { path: '/api/users/7/devices', answer: { body: [userDevice()] } },
      // Never answered: a phone without network, or a slow one.
      { path: DEVICE_PATH, answer: () => new Promise<never>(() => undefined) },
    ]);
    const { user } = renderApp('/devices');
    await user.click(await screen.findByRole('link', { name: 'Lake House' }, { timeout: 5000 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lake House' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kitchen · Serial ABC123')).toBeInTheDocument();
  });
});

describe('SPuck Status tab', () => {
  it('shows each puck with its status in words: water detected is Alarm, a battery of 15 reads Low (device-management §4)', async () => {
    withDevice(
      userDevice({
        Peripherals: [
          puck('0A1B2C3D', 32769, [alarmPoint(31, 'WATER', [0, 0], { lastReadValue: 1 })], {
            Name: 'Basement',
          }),
          puck('1A2B3C4D', 32774, [alarmPoint(32, 'SP_TEMP', [40, 80], { lastReadValue: 60 })], {
            Name: 'Freezer',
            BatteryLevel: 15,
          }),
        ],
      }),
    );
    renderApp('/devices/5?view=spuckstatus');
    const basement = await screen.findByRole('article', { name: 'Basement, status Alarm' });
    expect(within(basement).getByText('Detected')).toBeInTheDocument();
    expect(within(basement).getByText(/0A-1B-2C-3D/)).toBeInTheDocument();
    const freezer = screen.getByRole('article', { name: 'Freezer, status OK' });
    expect(within(freezer).getByText('60°F')).toBeInTheDocument();
    expect(within(freezer).getByText('Battery: Low')).toBeInTheDocument();
  });
});
