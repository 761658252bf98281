import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, setDesktopWidth, signInAs } from '../../../test/render-app';
import { makeAlarmPoint, makeDevice } from '../../../entities/device/test/device-fixtures';
import { installFakeWebSocket } from '../../../test/fake-websocket';

const listPath = `/api/users/${DEMO_USER.Id}/devices`;

const makePuck = (index: number, overrides: Partial<Peripheral> = {}): Peripheral => {
  const id = `0A1B2C${index.toString(16).padStart(2, '0').toUpperCase()}`;
  return {
    Id: id,
    SerialNumber: id.replace(/(..)(?!$)/g, '$1-'),
    Name: `Puck ${index}`,
    Location: `Shelf ${index}`,
    DeviceId: '359000000000011',
    UserDeviceId: 11,
    LogicLevel: 32774,
    SPuckStyle: 0,
    SPuckAlias: null,
    BatteryLevel: 80,
    CallinTime: null,
    ManufactureDate: null,
    Sensors: [],
    AlarmPoints: [],
    ...overrides,
  };
};

async function showCard(device: UserDevice, routes: MockRoute[] = []) {
  const api = mockApi([...routes, { path: listPath, answer: { body: [device] } }]);
  const view = renderApp('/devices');
  const card = await screen.findByRole('article', { name: device.Name! }, { timeout: 5000 });
  return { ...view, api, card };
}

describe('dashboard card', () => {
  beforeEach(() => {
    installFakeWebSocket();
    signInAs();
  });

  it('shows the last reading rounded, power ON and the signal divided by 5 (device-management §9)', async () => {
    const reading = {
      ...makeDevice().LastRead!,
      Temperature: 72.6,
      Humidity: 45.4,
      SignalStrength: 19.6,
    };
    const { card } = await showCard(makeDevice({ Name: 'Freezer', LastRead: reading }));
    expect(within(card).getByText('73°F')).toBeInTheDocument();
    expect(within(card).getByText('45%')).toBeInTheDocument();
    expect(within(card).getByText('ON')).toBeInTheDocument();
    // With its scale, as on the detail page: a bare '4' read as nothing.
    expect(within(card).getByText('4 out of 6')).toBeInTheDocument();
    expect(within(card).getByText('40°F to 85°F')).toBeInTheDocument();
  });

  it('shows the reading in °C when the preference is C (device-management §9)', async () => {
    Cookies.set('tempPref', 'C');
    const { card } = await showCard(makeDevice({ Name: 'Freezer' }));
    expect(within(card).getByText('22°C')).toBeInTheDocument();
  });

  it('shows power OFF, and the device in alarm (device-management §4)', async () => {
    const off = { ...makeDevice().LastRead!, Power: 0 };
    const { card } = await showCard(makeDevice({ Name: 'Garage', LastRead: off }));
    expect(within(card).getByText('OFF')).toBeInTheDocument();
    expect(within(card).getByRole('status', { name: 'Garage status: Alarm' })).toBeInTheDocument();
  });

  it("turns red on the unit's own motion reading of 1 and shows it, water 0 as None (device-management §4)", async () => {
    const reading = { ...makeDevice().LastRead!, Water: 0, Motion: 1 };
    const { card } = await showCard(makeDevice({ Name: 'Shed', LastRead: reading }));
    expect(within(card).getByText('Motion').nextSibling).toHaveTextContent('Detected');
    expect(within(card).getByText('Water').nextSibling).toHaveTextContent('None');
    expect(within(card).getByRole('status', { name: 'Shed status: Alarm' })).toBeInTheDocument();
  });

  it("says a SPuck's water alarm that is on tells no one, and leads to the settings (issue #10)", async () => {
    const puck = makePuck(1, {
      Name: 'Basement',
      LogicLevel: 32769,
      AlarmPoints: [makeAlarmPoint('WATER', [0, 0], { PeripheralId: '0A1B2C01' })],
    });
    const covered = [
      { AlarmType: 'TEMP', PeripheralId: null },
      { AlarmType: 'HUMIDITY', PeripheralId: null },
      { AlarmType: 'POWER', PeripheralId: null },
    ].map((n, index) => ({
      ...n,
      Id: index + 1,
      DeviceId: 11,
      AlarmTypeAlias: null,
      MessageType: 'EMAIL',
      MessageAddress: 'owner@example.com',
      Message: null,
      DisableAlarm: false,
      Status: null,
      LogicLevel: null,
    }));
    const { card } = await showCard(makeDevice({ Name: 'Cellar', Peripherals: [puck] }), [
      { path: '/api/notifications', answer: { body: covered } },
    ]);
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('No one is told about these alarms');
    expect(alert).toHaveTextContent('Water on Basement.');
    expect(within(alert).getByRole('link', { name: 'Add a notification' })).toHaveAttribute(
      'href',
      '/devices/11?view=settings',
    );
  });

  it('says nothing when every alarm that is on has a notification', async () => {
    const covered = ['TEMP', 'HUMIDITY', 'POWER'].map((type, index) => ({
      Id: index + 1,
      DeviceId: 11,
      PeripheralId: null,
      AlarmType: type,
      AlarmTypeAlias: null,
      MessageType: 'EMAIL',
      MessageAddress: 'owner@example.com',
      Message: null,
      DisableAlarm: false,
      Status: null,
      LogicLevel: null,
    }));
    const { card, api } = await showCard(makeDevice({ Name: 'Cellar' }), [
      { path: '/api/notifications', answer: { body: covered } },
    ]);
    await waitFor(() => expect(api.find('GET', '/api/notifications')).toHaveLength(1));
    await within(card).findByText('Power');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a muted device as Device OFF (device-management §4)', async () => {
    const { card } = await showCard(makeDevice({ Name: 'Cabin', Mute: true }));
    expect(within(card).getByText('Device OFF')).toBeInTheDocument();
  });

  it('puts a reading within 5 units of a bound at warning (device-management §4)', async () => {
    const near = { ...makeDevice().LastRead!, Temperature: 82 };
    const { card } = await showCard(makeDevice({ Name: 'Pantry', LastRead: near }));
    expect(
      within(card).getByRole('status', { name: 'Pantry status: Warning' }),
    ).toBeInTheDocument();
  });

  it('loads puck data only when the peripherals panel opens (device-management §2)', async () => {
    const puck = makePuck(1);
    const { card, api, user } = await showCard(makeDevice({ Name: 'Barn', Peripherals: [puck] }), [
      {
        path: '/api/users/peripherals/11',
        answer: {
          body: {
            Peripherals: [puck],
            AlarmPoints: [
              makeAlarmPoint('SP_TEMP', [40, 80], { PeripheralId: puck.Id, lastReadValue: 95 }),
            ],
          },
        },
      },
    ]);
    expect(api.find('GET', '/api/users/peripherals/11')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Show SPucks' }));
    expect(await within(card).findByText('Puck 1')).toBeInTheDocument();
    expect(api.find('GET', '/api/users/peripherals/11')).toHaveLength(1);
    expect(within(card).getByRole('status', { name: 'Puck 1 status: Alarm' })).toBeInTheDocument();
    // The level is a raw count (device-management §9 voltage formula), shown in words, never as %.
    expect(within(card).getByText(/Battery OK/)).toBeInTheDocument();
    expect(within(card).queryByText(/Battery \d+%/)).not.toBeInTheDocument();
  });

  it("shows 'An unexpected error on the server occurred. Please try again.' when puck data fails (device-management §8)", async () => {
    const { card, user } = await showCard(makeDevice({ Name: 'Barn' }), [
      { path: '/api/users/peripherals/11', answer: errorAnswer(500, 'boom') },
    ]);
    await user.click(within(card).getByRole('button', { name: 'Show SPucks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent(
      'An unexpected error on the server occurred. Please try again.',
    );
  });

  it('carries the instant-update button, and the pet-monitor one on a pet monitor (device-management §2)', async () => {
    mockApi([
      {
        path: listPath,
        answer: {
          body: [
            makeDevice({ Id: 1, Name: 'Kitchen' }),
            makeDevice({ Id: 2, Name: 'Kennel', PetMonitor: true }),
          ],
        },
      },
    ]);
    renderApp('/devices');
    const kitchen = await screen.findByRole('article', { name: 'Kitchen' }, { timeout: 5000 });
    expect(within(kitchen).getByRole('button', { name: /^Instant Update/ })).toBeInTheDocument();
    const kennel = screen.getByRole('article', { name: 'Kennel' });
    expect(within(kennel).getByRole('button', { name: /^Pet Monitor/ })).toBeInTheDocument();
  });

  it('opens the add-puck page below 16 SPucks (device-management §2, §5)', async () => {
    const pucks = Array.from({ length: 15 }, (_, index) => makePuck(index));
    const { card, user, location } = await showCard(
      makeDevice({ Name: 'Barn', Peripherals: pucks }),
    );
    await user.click(within(card).getByRole('button', { name: 'Add a SPuck to Barn' }));
    await waitFor(() => expect(location().pathname).toBe('/devices/11/peripherals/add'));
  });

  it('blocks adding a 17th SPuck with its message (device-management §5, §8, §9)', async () => {
    const pucks = Array.from({ length: 16 }, (_, index) => makePuck(index));
    const { card, user, location } = await showCard(
      makeDevice({ Name: 'Barn', Peripherals: pucks }),
    );
    await user.click(within(card).getByRole('button', { name: 'Add a SPuck to Barn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent(
      'This device already has the maximum of 16 SPucks. Please remove one in order to add another.',
    );
    expect(location().pathname).toBe('/devices');
  });

  it('removes a device after confirmation and takes one off the badge (device-management §2; accounts-devices-billing §4)', async () => {
    setDesktopWidth();
    const { card, user, api } = await showCard(makeDevice({ Name: 'Barn' }), [
      { path: '/api/users/getDeviceCount', answer: { body: { DeviceCount: 2 } } },
      { method: 'DELETE', path: `${listPath}/11`, answer: { body: { ok: true } } },
    ]);
    expect(await screen.findByRole('link', { name: 'My Devices, 2 devices' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove Barn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove device' });
    expect(api.find('DELETE', `${listPath}/11`)).toHaveLength(0);
    // The confirm button is red: removal is the destructive choice.
    expect(within(dialog).getByRole('button', { name: 'Remove device' })).toHaveStyle({
      '--button-bg': 'var(--mantine-color-red-filled)',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Barn' })).not.toBeInTheDocument(),
    );
    expect(api.find('DELETE', `${listPath}/11`)).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'My Devices, 1 device' })).toBeInTheDocument();
  });

  it("shows 'An error occurred removing the device.' when removal fails (device-management §8)", async () => {
    const { card, user } = await showCard(makeDevice({ Name: 'Barn' }), [
      { method: 'DELETE', path: `${listPath}/11`, answer: errorAnswer(500, 'boom') },
    ]);
    await user.click(within(card).getByRole('button', { name: 'Remove Barn' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove device' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('An error occurred removing the device.');
  });

  it("triggers the relay with RLY and shows the server's message (device-management §4)", async () => {
    const { card, user, api } = await showCard(makeDevice({ Name: 'Barn' }), [
      {
        method: 'POST',
        path: '/api/devices/11/sendtext/RLY',
        answer: { body: { message: 'Relay has been triggered for this device.' } },
      },
    ]);
    await user.click(within(card).getByRole('button', { name: 'Trigger relay on Barn' }));
    const confirm = await screen.findByRole('dialog', { name: 'Trigger relay' });
    expect(confirm).toHaveTextContent('Trigger the relay on Barn?');
    expect(api.find('POST', '/api/devices/11/sendtext/RLY')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Trigger relay on Barn' }));
    expect(
      await screen.findByText('Relay has been triggered for this device.'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/devices/11/sendtext/RLY')).toHaveLength(1);
  });

  it('asks before triggering the relay, naming the device, and sends nothing on Cancel (issue #10)', async () => {
    const { card, user, api } = await showCard(makeDevice({ Name: 'Barn' }));
    await user.click(within(card).getByRole('button', { name: 'Trigger relay on Barn' }));
    const confirm = await screen.findByRole('dialog', { name: 'Trigger relay' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('POST', '/api/devices/11/sendtext/RLY')).toHaveLength(0);
  });

  it("shows 'An error occurred triggering relay.' when the relay fails (device-management §8)", async () => {
    const { card, user } = await showCard(makeDevice({ Name: 'Barn' }), [
      { method: 'POST', path: '/api/devices/11/sendtext/RLY', answer: errorAnswer(500, 'boom') },
    ]);
    await user.click(within(card).getByRole('button', { name: 'Trigger relay on Barn' }));
    const confirm = await screen.findByRole('dialog', { name: 'Trigger relay' });
    await user.click(within(confirm).getByRole('button', { name: 'Trigger relay on Barn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('An error occurred triggering relay.');
  });

  it('shows the upgrade link only for type 1 or 4, carrier 1 or 2, firmware not 4 or 8, VRP 1 (device-management §9)', async () => {
    const eligible = {
      ...makeDevice({ Name: 'Old unit', DeviceType: 1, FirmwareVersion: '6' }),
      VRP: 1,
      VRPLink: '/deviceupgrade?customerid=7&item=100',
    };
    const { card } = await showCard(eligible);
    expect(within(card).getByRole('link', { name: 'Upgrade this device' })).toHaveAttribute(
      'href',
      '/deviceupgrade?customerid=7&item=100',
    );
  });

  it('hides the upgrade link without the VRP flag or on firmware 8 (device-management §9)', async () => {
    const noVrp = makeDevice({ Id: 1, Name: 'No VRP', DeviceType: 1, FirmwareVersion: '6' });
    const firmware8 = {
      ...makeDevice({ Id: 2, Name: 'Firmware 8', DeviceType: 1, FirmwareVersion: '8' }),
      VRP: 1,
    };
    mockApi([{ path: listPath, answer: { body: [noVrp, firmware8] } }]);
    renderApp('/devices');
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Upgrade this device' })).not.toBeInTheDocument();
  });

  it("offers a sub-account's device no remove, relay, add-puck or instant-update action (device-management §6)", async () => {
    const { card } = await showCard(makeDevice({ Name: 'Shared', SubAccountDevice: true }));
    expect(within(card).queryByRole('button', { name: 'Remove Shared' })).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: 'Trigger relay on Shared' }),
    ).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: 'Add a SPuck to Shared' }),
    ).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Instant Update/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Settings for Shared' })).toHaveAttribute(
      'href',
      '/devices/11?view=settings',
    );
  });
});
