import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { AppProviders } from '../../../app/providers';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { alarmPoint, puck, userDevice } from '../test/fixtures';
import { DeviceDetail } from './device-detail';

const DEVICE_PATH = '/api/users/7/devices/5';

function withDevice(device = userDevice(), routes: MockRoute[] = []) {
  signInAs();
  return mockApi([
    ...routes,
    { path: DEVICE_PATH, answer: { body: device } },
    { method: 'POST', path: '/api/devices/5/sendtext/RPT', answer: { body: { ok: true } } },
    { path: '/api/notifications', answer: { body: [] } },
  ]);
}

const thumbs = async (title: string) => ({
  low: await screen.findByRole('slider', { name: `${title}: low` }),
  high: screen.getByRole('slider', { name: `${title}: high` }),
});

/** An answer held until the test lets it go, to see the in-between state. */
function heldAnswer(body: unknown) {
  let release: () => void = () => undefined;
  const answer = () =>
    new Promise<{ body: unknown }>((resolve) => {
      release = () => resolve({ body });
    });
  return { answer, release: () => release() };
}

describe('range sliders and limits', () => {
  it.each([
    [2, 'F', '0', '100'],
    [2, 'C', '-17', '37'],
    [5, 'F', '-20', '100'],
    [5, 'C', '-28', '37'],
    [10, 'C', '-28', '37'],
  ])(
    'ends the temperature slider of a type %i device in °%s at %s to %s (device-management §5)',
    async (deviceType, unit, min, max) => {
      Cookies.set('tempPref', unit);
      withDevice(userDevice({ DeviceType: deviceType }));
      renderApp('/devices/5?view=settings');
      const { low, high } = await thumbs('Temperature range');
      expect(low).toHaveAttribute('aria-valuemin', min);
      expect(high).toHaveAttribute('aria-valuemax', max);
    },
  );

  it('shows the stored °F range in °C to a tenth and offers no humidity range on NIST (device-management §4, §5)', async () => {
    Cookies.set('tempPref', 'C');
    withDevice(userDevice({ DeviceType: 8 }));
    renderApp('/devices/5?view=settings');
    await thumbs('Temperature range');
    // 40 °F and 85 °F; whole degrees (4 and 29) saved back as 39.2 °F and 84.2 °F.
    expect(screen.getByLabelText('Low (°C)')).toHaveValue('4.4');
    expect(screen.getByLabelText('High (°C)')).toHaveValue('29.4');
    expect(screen.queryByRole('slider', { name: 'Humidity range: low' })).not.toBeInTheDocument();
  });

  it('moves the low end with the keyboard and saves it: Save → Saving… → Saved (device-management §4)', async () => {
    const held = heldAnswer(alarmPoint(11, 'TEMP', [41, 85]));
    const api = withDevice(userDevice(), [
      { method: 'PUT', path: '/api/alarmpoints/11', answer: held.answer },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const { low } = await thumbs('Temperature range');
    low.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByLabelText('Low (°F)')).toHaveValue('41');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    expect(await screen.findByRole('button', { name: 'Saving… temperature range' })).toBeDisabled();
    held.release();
    expect(
      await screen.findByRole('button', { name: 'Saved temperature range' }),
    ).toBeInTheDocument();
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toEqual({
      RangeMin: 41,
      RangeMax: 85,
      TempPref: 'F',
    });
  });

  it('stores a range typed in °C as °F (device-management §5)', async () => {
    Cookies.set('tempPref', 'C');
    const api = withDevice(userDevice(), [
      {
        method: 'PUT',
        path: '/api/alarmpoints/11',
        answer: { body: alarmPoint(11, 'TEMP', [41, 86]) },
      },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    await thumbs('Temperature range');
    const low = screen.getByLabelText('Low (°C)');
    const high = screen.getByLabelText('High (°C)');
    await user.clear(low);
    await user.type(low, '5');
    await user.clear(high);
    await user.type(high, '30');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    await screen.findByRole('button', { name: 'Saved temperature range' });
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toEqual({
      RangeMin: 41,
      RangeMax: 86,
      TempPref: 'F',
    });
  });

  it('saves a range left unchanged in °C as it was stored, 40 °F to 85 °F, where it drifted to 39.2 °F (device-management §5)', async () => {
    Cookies.set('tempPref', 'C');
    const api = withDevice(userDevice(), [
      {
        method: 'PUT',
        path: '/api/alarmpoints/11',
        answer: { body: alarmPoint(11, 'TEMP', [40, 85]) },
      },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    await thumbs('Temperature range');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    await screen.findByRole('button', { name: 'Saved temperature range' });
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toEqual({
      RangeMin: 40,
      RangeMax: 85,
      TempPref: 'F',
    });
  });

  it('refuses a low end below the basic model minimum of 0 °F without calling the server (device-management §5)', async () => {
    const api = withDevice();
    const { user } = renderApp('/devices/5?view=settings');
    await thumbs('Temperature range');
    const low = screen.getByLabelText('Low (°F)');
    await user.clear(low);
    await user.type(low, '-5');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    expect(
      await screen.findByText('The lowest temperature this model takes is 0°F.'),
    ).toBeInTheDocument();
    expect(api.find('PUT', '/api/alarmpoints/11')).toHaveLength(0);
  });

  it("shows 'An error occurred updating alarm point values.' when the save fails on the server (device-management §8)", async () => {
    withDevice(userDevice(), [
      { method: 'PUT', path: '/api/alarmpoints/11', answer: errorAnswer(500, 'database down') },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const { high } = await thumbs('Temperature range');
    high.focus();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('An error occurred updating alarm point values.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save temperature range' })).toBeEnabled();
  });

  it('turns the temperature alarm off on the device and its alarm point (device-management §4, §7)', async () => {
    const api = withDevice(userDevice(), [
      {
        method: 'PUT',
        path: DEVICE_PATH,
        answer: { body: userDevice({ TemperatureActive: false }) },
      },
      {
        method: 'POST',
        path: '/api/alarmpoints/11/disable',
        answer: { body: alarmPoint(11, 'TEMP', [40, 85]) },
      },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    await user.click(await screen.findByRole('switch', { name: 'Temperature alarm' }));
    await waitFor(() => expect(api.find('POST', '/api/alarmpoints/11/disable')).toHaveLength(1));
    expect(api.find('PUT', DEVICE_PATH)[0]?.body).toEqual({ TemperatureActive: false });
  });
});

describe('advanced: deadband and delay (issue #23)', () => {
  const EXPLANATION =
    'The alarm clears only once the reading is back inside the range by this much, so a reading hovering at a limit does not send alarm after all-clear.';

  /** Opens the temperature range's "Advanced" disclosure and answers what is inside it. */
  async function openAdvanced(user: ReturnType<typeof renderApp>['user'], title: string) {
    const editor = await screen.findByRole('region', { name: title });
    const summary = within(editor).getByText('Advanced');
    await user.click(summary);
    await waitFor(() => expect(summary.closest('details')).toHaveAttribute('open'));
    return editor;
  }

  it('explains the deadband and shows its default, 1 °F, with a drawing of where the alarm clears', async () => {
    withDevice();
    const { user } = renderApp('/devices/5?view=settings');
    const editor = await openAdvanced(user, 'Temperature range');
    const deadband = within(editor).getByRole('textbox', { name: 'Deadband (°F)' });
    expect(deadband).toHaveAttribute('placeholder', 'Default: 1');
    expect(deadband).toHaveAccessibleDescription(expect.stringContaining(EXPLANATION));
    expect(within(editor).getByText(EXPLANATION, { exact: false })).toBeVisible();
    expect(
      within(editor).getByRole('img', {
        name: 'Alarm range 40°F to 85°F The alarm rises outside the range and clears once the reading is back between 41°F and 84°F.',
      }),
    ).toBeInTheDocument();
  });

  it('saves a deadband typed in °F and a delay in minutes, and the drawing follows the deadband', async () => {
    const api = withDevice(userDevice(), [
      {
        method: 'PUT',
        path: '/api/alarmpoints/11',
        answer: { body: alarmPoint(11, 'TEMP', [40, 85], { Deadband: 2.5, DelayMinutes: 10 }) },
      },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const editor = await openAdvanced(user, 'Temperature range');
    await user.type(within(editor).getByRole('textbox', { name: 'Deadband (°F)' }), '2.5');
    expect(
      within(editor).getByRole('img', { name: /back between 42.5°F and 82.5°F/ }),
    ).toBeInTheDocument();
    const delay = within(editor).getByRole('textbox', { name: 'Delay' });
    await user.clear(delay);
    await user.type(delay, '10');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    await screen.findByRole('button', { name: 'Saved temperature range' });
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toEqual({
      RangeMin: 40,
      RangeMax: 85,
      TempPref: 'F',
      Deadband: 2.5,
      DelayMinutes: 10,
      DelayReadings: 0,
    });
  });

  it('stores a deadband typed in °C as °F, 1.5 °C as 2.7 °F, and a delay in readings zeroes the minutes', async () => {
    Cookies.set('tempPref', 'C');
    const temp = alarmPoint(11, 'TEMP', [40, 85], { DelayMinutes: 5 });
    const api = withDevice(userDevice({ AlarmPoints: [temp] }), [
      { method: 'PUT', path: '/api/alarmpoints/11', answer: { body: temp } },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const editor = await openAdvanced(user, 'Temperature range');
    const deadband = within(editor).getByRole('textbox', { name: 'Deadband (°C)' });
    expect(deadband).toHaveAttribute('placeholder', 'Default: 0.5');
    await user.type(deadband, '1.5');
    const delay = within(editor).getByRole('textbox', { name: 'Delay' });
    expect(delay).toHaveValue('5');
    await user.clear(delay);
    await user.type(delay, '3');
    await user.selectOptions(
      within(editor).getByRole('combobox', { name: 'Delay unit' }),
      'readings',
    );
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    await screen.findByRole('button', { name: 'Saved temperature range' });
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toEqual({
      RangeMin: 40,
      RangeMax: 85,
      TempPref: 'F',
      Deadband: 2.7,
      DelayMinutes: 0,
      DelayReadings: 3,
    });
  });

  it('shows a stored °F deadband in °C and saves it back unchanged, 1 °F where 0.56 °C would be 1.01 °F', async () => {
    Cookies.set('tempPref', 'C');
    const temp = alarmPoint(11, 'TEMP', [40, 85], { Deadband: 1 });
    const api = withDevice(userDevice({ AlarmPoints: [temp] }), [
      { method: 'PUT', path: '/api/alarmpoints/11', answer: { body: temp } },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const editor = await openAdvanced(user, 'Temperature range');
    expect(within(editor).getByRole('textbox', { name: 'Deadband (°C)' })).toHaveValue('0.56');
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    await screen.findByRole('button', { name: 'Saved temperature range' });
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toEqual({
      RangeMin: 40,
      RangeMax: 85,
      TempPref: 'F',
    });
  });

  it('sends null to go back to the default when the deadband is emptied', async () => {
    const temp = alarmPoint(11, 'TEMP', [40, 85], { Deadband: 3 });
    const api = withDevice(userDevice({ AlarmPoints: [temp] }), [
      { method: 'PUT', path: '/api/alarmpoints/11', answer: { body: temp } },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const editor = await openAdvanced(user, 'Temperature range');
    await user.clear(within(editor).getByRole('textbox', { name: 'Deadband (°F)' }));
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    await screen.findByRole('button', { name: 'Saved temperature range' });
    expect(api.find('PUT', '/api/alarmpoints/11')[0]?.body).toMatchObject({ Deadband: null });
  });

  it('refuses a deadband of half the range or more without calling the server, and opens Advanced to show it', async () => {
    const api = withDevice();
    const { user } = renderApp('/devices/5?view=settings');
    const editor = await openAdvanced(user, 'Temperature range');
    await user.type(within(editor).getByRole('textbox', { name: 'Deadband (°F)' }), '23');
    await user.click(within(editor).getByText('Advanced'));
    await user.click(screen.getByRole('button', { name: 'Save temperature range' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      'The deadband must be less than half the range (22.5 °F), or no reading could clear the alarm.',
    );
    expect(within(editor).getByText('Advanced').closest('details')).toHaveAttribute('open');
    expect(api.find('PUT', '/api/alarmpoints/11')).toHaveLength(0);
  });

  it("offers a puck's water alarm only the delay, saving its range as stored", async () => {
    const water = alarmPoint(31, 'WATER', [0, 0]);
    const api = withDevice(userDevice({ Peripherals: [puck('0A1B2C3D', 32769, [water])] }), [
      { method: 'PUT', path: '/api/alarmpoints/31', answer: { body: water } },
    ]);
    const { user } = renderApp('/devices/5?view=settings&spuckid=0A1B2C3D');
    const editor = await openAdvanced(user, 'SPuck water alarm');
    expect(within(editor).queryByRole('textbox', { name: /Deadband/ })).not.toBeInTheDocument();
    expect(within(editor).queryByRole('slider')).not.toBeInTheDocument();
    const delay = within(editor).getByRole('textbox', { name: 'Delay' });
    await user.clear(delay);
    await user.type(delay, '2');
    await user.click(screen.getByRole('button', { name: 'Save spuck water alarm' }));
    await screen.findByRole('button', { name: 'Saved spuck water alarm' });
    expect(api.find('PUT', '/api/alarmpoints/31')[0]?.body).toEqual({
      RangeMin: 0,
      RangeMax: 0,
      TempPref: 'F',
      DelayMinutes: 2,
      DelayReadings: 0,
    });
  });
});

describe('device information form', () => {
  it('saves name, location and time zone: Save → Saved (device-management §2)', async () => {
    const api = withDevice(userDevice(), [
      { method: 'PUT', path: DEVICE_PATH, answer: { body: userDevice({ Name: 'Cabin' }) } },
    ]);
    const { user } = renderApp('/devices/5?view=settings');
    const name = await screen.findByRole('textbox', { name: 'Device name' });
    await user.clear(name);
    await user.type(name, 'Cabin');
    const form = screen.getByRole('form', { name: 'Device information' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(api.find('PUT', DEVICE_PATH)[0]?.body).toEqual({
      Name: 'Cabin',
      Location: 'Kitchen',
      TimeZone: -5,
    });
  });

  const waterAndTemp = () =>
    puck('0A1B2C3D', 32771, [
      alarmPoint(21, 'SP_TEMP', [40, 80]),
      alarmPoint(22, 'WATER', [0, 0], { Enabled: false }),
    ]);

  it('opens the puck view on the spuckid and offers only the alarm types its logic level supports (device-management §2, §4)', async () => {
    withDevice(userDevice({ Peripherals: [waterAndTemp()] }));
    renderApp('/devices/5?view=settings&spuckid=0A1B2C3D');
    expect(await screen.findByRole('textbox', { name: 'SPuck name' })).toHaveValue('Puck 0A1B2C3D');
    const types = screen.getByRole('group', { name: 'Alarm types' });
    expect(within(types).getByRole('checkbox', { name: 'Temperature' })).toBeChecked();
    expect(within(types).getByRole('checkbox', { name: 'Water' })).not.toBeChecked();
    expect(within(types).queryByRole('checkbox', { name: 'Humidity' })).not.toBeInTheDocument();
  });

  it("names, in the SPuck's notification schedule, its water alarm that is on and tells no one (issue #10)", async () => {
    withDevice(
      userDevice({
        Peripherals: [
          puck('0A1B2C3D', 32769, [alarmPoint(31, 'WATER', [0, 0])], { Name: 'Basement' }),
        ],
      }),
    );
    renderApp('/devices/5?view=settings&spuckid=0A1B2C3D');
    const schedule = await screen.findByRole('region', { name: 'SPuck notifications: Basement' });
    const alert = await within(schedule).findByRole('alert');
    expect(alert).toHaveTextContent('No one is told about these alarms');
    expect(alert).toHaveTextContent('Water on Basement.');
  });

  it("names, in the device's notification schedule, its own alarms that tell no one (issue #10)", async () => {
    withDevice();
    renderApp('/devices/5?view=settings');
    const schedule = await screen.findByRole('region', { name: 'Notification schedule' });
    expect(await within(schedule).findByRole('alert')).toHaveTextContent(
      'Temperature, Humidity, Power.',
    );
  });

  it("keeps at least one alarm type on a puck: 'Please select at least one alarm type.' (device-management §4, §5)", async () => {
    const api = withDevice(userDevice({ Peripherals: [waterAndTemp()] }));
    const { user } = renderApp('/devices/5?view=settings&spuckid=0A1B2C3D');
    await user.click(await screen.findByRole('checkbox', { name: 'Temperature' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please select at least one alarm type.')).toBeInTheDocument();
    expect(api.find('PUT', '/api/peripherals/updatelogiclevel')).toHaveLength(0);
  });

  it('turns a puck alarm on with the logic-level call, set value 1 (device-management §4, §7)', async () => {
    const api = withDevice(userDevice({ Peripherals: [waterAndTemp()] }), [
      {
        method: 'PUT',
        path: '/api/peripherals/updatelogiclevel',
        answer: { body: waterAndTemp() },
      },
    ]);
    const { user } = renderApp('/devices/5?view=settings&spuckid=0A1B2C3D');
    await user.click(await screen.findByRole('checkbox', { name: 'Water' }));
    await waitFor(() =>
      expect(api.find('PUT', '/api/peripherals/updatelogiclevel')[0]?.body).toEqual({
        id: '0A1B2C3D',
        alarmType: ['WATER'],
        setType: 1,
      }),
    );
    expect(screen.getByRole('checkbox', { name: 'Water' })).toBeChecked();
  });
});

describe('puck information and shared devices', () => {
  it("shows the server's refusal of a location already used on the device word for word (device-management §5, §7)", async () => {
    const message = 'That location is already used by another SPuck on this device.';
    withDevice(userDevice({ Peripherals: [puck('0A1B2C3D', 32774, [])] }), [
      { method: 'PUT', path: '/api/peripherals/0A1B2C3D', answer: errorAnswer(409, message) },
    ]);
    const { user } = renderApp('/devices/5?view=settings&spuckid=0A1B2C3D');
    const location = await screen.findByRole('textbox', { name: 'SPuck location' });
    await user.clear(location);
    await user.type(location, 'Shelf 1');
    const form = screen.getByRole('form', { name: 'SPuck information' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error!')).toBeInTheDocument();
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  });

  it("shows a sub-account's shared device read-only: the owner makes changes (device-management §6)", async () => {
    withDevice(userDevice({ SubAccountDevice: true }));
    renderApp('/devices/5?view=settings');
    expect(await screen.findByRole('textbox', { name: 'Device name' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save temperature range' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Temperature alarm' })).toBeDisabled();
  });
});

describe('notification schedule slot', () => {
  it('gives the slot the device, then the chosen puck', async () => {
    signInAs();
    mockApi([
      {
        path: DEVICE_PATH,
        answer: { body: userDevice({ Peripherals: [puck('0A1B2C3D', 32774, [])] }) },
      },
    ]);
    const router = createMemoryRouter(
      [
        {
          path: '/devices/:id',
          element: (
            <DeviceDetail
              userId={7}
              userDeviceId={5}
              renderNotificationSchedule={({ userDeviceId, puck: shown }) => (
                <p>
                  Schedule for {userDeviceId} {shown?.id ?? 'device'}
                </p>
              )}
            />
          ),
        },
      ],
      { initialEntries: ['/devices/5?view=settings'] },
    );
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Schedule for 5 device')).toBeInTheDocument();
    await user.click(screen.getByText('SPuck view'));
    expect(await screen.findByText('Schedule for 5 0A1B2C3D')).toBeInTheDocument();
  });
});

describe('device information', () => {
  it('stops a device name at 100 characters as it is typed or pasted, and says so under the field (issue #24)', async () => {
    withDevice();
    const { user } = renderApp('/devices/5?view=settings');
    const name = await screen.findByRole('textbox', { name: 'Device name' });
    await user.clear(name);
    expect(name).toHaveAccessibleDescription('0/100 characters');
    await user.type(name, 'Cabin');
    expect(name).toHaveAccessibleDescription('5/100 characters');
    await user.clear(name);
    await user.paste('x'.repeat(300));
    expect(name).toHaveValue('x'.repeat(100));
    expect(name).toHaveAccessibleDescription('100/100 characters · what you pasted was cut to 100');
  });

  it("refuses an empty device name with the app's own message, not the browser's (issue #24)", async () => {
    const api = withDevice();
    const { user } = renderApp('/devices/5?view=settings');
    const name = await screen.findByRole('textbox', { name: 'Device name' });
    expect(name).not.toHaveAttribute('required');
    expect(name).toHaveAttribute('aria-required', 'true');
    await user.clear(name);
    const form = screen.getByRole('form', { name: 'Device information' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required.')).toBeInTheDocument();
    expect(api.find('PUT', DEVICE_PATH)).toHaveLength(0);
  });

  it('wraps a 100-character name in the page title rather than running off the page (issue #24)', async () => {
    withDevice(userDevice({ Name: 'W'.repeat(100) }));
    renderApp('/devices/5?view=settings');
    const title = await screen.findByRole('heading', { level: 1, name: 'W'.repeat(100) });
    expect(title).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});
