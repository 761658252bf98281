import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import type { UserDevice } from '@monitor/contract/user-devices';
import { alarmPoint, puck, userDevice } from '../../features/device-detail/test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../test/mock-api';
import { renderApp, signInAs } from '../../test/render-app';

const IMEI = '356938035643809';
const SERIAL = '0A1B2C3D';
const PAGE = '/devices/5/peripherals/add';
/** The lazy page and its calls take longer than the default second on a busy machine. */
const SLOW = { timeout: 5000 };

/** The unit as GET /api/devices/{imei} answers it. */
const unit = (extra: { DeviceType?: number; FirmwareVersion?: string; Memo?: string } = {}) => ({
  Id: 1,
  IMEI,
  SerialNumber: 'ABC123',
  DeviceType: 5,
  TenantId: 1,
  FirmwareVersion: '10.6',
  Memo: '10.6',
  DeviceNSP: 1,
  ModemActivated: true,
  ...extra,
});

function setUp({
  device = userDevice({ DeviceType: 5 }),
  host = unit(),
  routes = [],
}: { device?: UserDevice; host?: ReturnType<typeof unit>; routes?: MockRoute[] } = {}) {
  signInAs();
  const api = mockApi([
    ...routes,
    { path: '/api/users/7/devices/5', answer: { body: device } },
    {
      path: '/api/validation/peripheral',
      answer: {
        body: { Id: SERIAL, SerialNumber: '0A-1B-2C-3D', LogicLevel: 32775, SPuckStyle: 0 },
      },
    },
    {
      method: 'POST',
      path: '/api/peripherals',
      answer: {
        body: puck(SERIAL, 32775, [], { Name: 'Chest freezer', Location: 'Freezer' }),
      },
    },
    { path: `/api/devices/${IMEI}`, answer: { body: host } },
    { path: '/api/notifications', answer: { body: [] } },
    {
      path: '/api/alarmpoints',
      answer: {
        body: [
          alarmPoint(21, 'SP_TEMP', [40, 80], { PeripheralId: SERIAL }),
          alarmPoint(22, 'SP_HUMID', [10, 70], { PeripheralId: SERIAL }),
          alarmPoint(23, 'WATER', [0, 0], { PeripheralId: SERIAL }),
        ],
      },
    },
    { method: 'PUT', path: /^\/api\/alarmpoints\/\d+$/, answer: { body: {} } },
    { method: 'POST', path: /^\/api\/devices\/5\/sendtext\//, answer: { body: { ok: true } } },
    {
      method: 'DELETE',
      path: `/api/devices/5/peripherals/${SERIAL}`,
      answer: { body: { ok: true } },
    },
  ]);
  const view = renderApp(PAGE);
  return { ...view, api };
}

/** The SPuck billing calls of the subscription dialog (device-management §4). */
function puckBillingRoutes(
  details: { SubscriptionId?: number | null } = {},
  customerId: string | null = null,
): MockRoute[] {
  return [
    {
      path: '/api/paymentprocessing/getPeripheralSubscriptionDetails/',
      answer: {
        body: {
          UserDeviceId: 5,
          SubscriptionId: 31,
          PlanType: 'Monthly',
          BillingFrequency: 1,
          NextBillingDate: '2026-12-20',
          PuckCount: 1,
          PucksAwaitingPayment: 1,
          PuckMonthlyAmount: 2,
          PuckUpfrontAmount: 39.95,
          PlanMonthlyAmount: 9.95,
          RecurringMonthlyAmount: 9.95,
          ...details,
        },
      },
    },
    { path: '/api/users/getCustomerId', answer: { body: { CustomerId: customerId } } },
    {
      path: '/api/subscriptions/getusercreditcardinfo/7',
      answer: {
        body: {
          SubscriptionIds: [31],
          CreditCardType: 'Visa',
          CreditCardNumber: '1111',
          ExpDate: '12/2029',
          ExpMonth: 12,
          ExpYear: 2029,
          CardMatch: true,
        },
      },
    },
    {
      method: 'POST',
      path: '/api/paymentprocessing/submitPeripheralUpfrontCharge/',
      answer: { body: { ChargeId: 1, Amount: 39.95, Status: 'succeeded', TransactionId: 'tx-1' } },
    },
    {
      method: 'PUT',
      path: '/api/paymentprocessing/updatePeripheralRecurringPayment/',
      answer: {
        body: {
          SubscriptionId: 31,
          PuckCount: 1,
          PlanMonthlyAmount: 9.95,
          RecurringMonthlyAmount: 11.95,
          PeriodAmount: 11.95,
        },
      },
    },
  ];
}

async function fillStepOne(user: ReturnType<typeof setUp>['user'], location = 'Freezer') {
  await user.click(await screen.findByLabelText('Serial number part 1 of 4', undefined, SLOW));
  await user.keyboard(SERIAL);
  await screen.findByText('SPuck id found.', undefined, SLOW);
  await user.type(screen.getByLabelText(/SPuck name/), 'Chest freezer');
  await user.type(screen.getByLabelText(/SPuck location/), location);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe(
  'the add-puck page (device-management §2, §4 "Add puck flow")',
  { timeout: 30_000 },
  () => {
    it('registers a puck, then notifications, ranges, register another? and the activation question', async () => {
      const { user, api, location } = setUp();
      await fillStepOne(user);
      expect(api.find('POST', '/api/peripherals')[0]?.body).toEqual({
        DeviceId: 5,
        SerialNumber: SERIAL,
        Name: 'Chest freezer',
        Location: 'Freezer',
      });
      expect(
        await screen.findByRole('heading', { name: 'Step 2 of 3: Notifications' }, SLOW),
      ).toBeVisible();
      expect(
        await screen.findByRole('heading', { name: 'SPuck notifications: Chest freezer' }, SLOW),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(
        await screen.findByRole('heading', { name: 'Step 3 of 3: Ranges' }, SLOW),
      ).toBeVisible();
      expect(
        await screen.findByRole('slider', { name: 'Temperature range: low' }, SLOW),
      ).toHaveAttribute('aria-valuenow', '40');
      await user.click(screen.getByRole('button', { name: 'Save ranges' }));
      const another = await screen.findByRole('dialog', { name: 'Register another SPuck?' }, SLOW);
      expect(another).toHaveTextContent('Would you like to register another?');
      // Temperature then humidity, each as stored in °F (device-management §4, §9).
      const saved = api.calls.filter((call) => call.method === 'PUT');
      expect(saved.map((call) => [call.path, call.body])).toEqual([
        ['/api/alarmpoints/21', { RangeMin: 40, RangeMax: 80, TempPref: 'F' }],
        ['/api/alarmpoints/22', { RangeMin: 10, RangeMax: 70, TempPref: 'F' }],
      ]);
      expect(api.find('POST', '/api/devices/5/sendtext/UPD')).toHaveLength(0);
      await user.click(within(another).getByRole('button', { name: 'No' }));
      const ready = await screen.findByRole('dialog', { name: 'Is your device ready?' }, SLOW);
      await user.click(within(ready).getByRole('button', { name: 'Yes' }));
      const done = await screen.findByRole('dialog', { name: 'SPuck registered' }, SLOW);
      expect(done).toHaveTextContent('in 2 to 5 minutes. Please do not unplug your device');
      expect(api.find('POST', '/api/devices/5/sendtext/RPT')).toHaveLength(1);
      await user.click(within(done).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(location().pathname).toBe('/devices'));
      expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(0);
    });

    it('says the data loads on the next plug-in when the device is not ready (device-management §4)', async () => {
      const { user } = setUp();
      await fillStepOne(user);
      await screen.findByRole('heading', { name: 'Step 2 of 3: Notifications' }, SLOW);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(await screen.findByRole('button', { name: 'Save ranges' }, SLOW));
      const another = await screen.findByRole('dialog', { name: 'Register another SPuck?' }, SLOW);
      await user.click(within(another).getByRole('button', { name: 'No' }));
      const ready = await screen.findByRole('dialog', { name: 'Is your device ready?' }, SLOW);
      await user.click(within(ready).getByRole('button', { name: 'No' }));
      expect(
        await screen.findByRole('dialog', { name: 'SPuck registered' }, SLOW),
      ).toHaveTextContent(
        'will load the next time your device is plugged in or starts its seasonal monitoring',
      );
    });

    it('sends UPD when the firmware is 8 or more but the memo number is below 8 (device-management §9)', async () => {
      const { user, api } = setUp({ host: unit({ FirmwareVersion: '10.6', Memo: 'FW 7.2' }) });
      await fillStepOne(user);
      await screen.findByRole('heading', { name: 'Step 2 of 3: Notifications' }, SLOW);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(await screen.findByRole('button', { name: 'Save ranges' }, SLOW));
      await screen.findByRole('dialog', { name: 'Register another SPuck?' }, SLOW);
      expect(api.find('POST', '/api/devices/5/sendtext/UPD')).toHaveLength(1);
    });

    it('starts over in multiple-puck mode when the user registers another (device-management §4)', async () => {
      const { user, location } = setUp();
      await fillStepOne(user);
      await screen.findByRole('heading', { name: 'Step 2 of 3: Notifications' }, SLOW);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(await screen.findByRole('button', { name: 'Save ranges' }, SLOW));
      const another = await screen.findByRole('dialog', { name: 'Register another SPuck?' }, SLOW);
      await user.click(within(another).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(location().search).toBe('?multiple=true'));
      expect(
        await screen.findByRole('heading', { name: 'Step 1 of 3: Puck information' }, SLOW),
      ).toBeVisible();
      expect(screen.getByLabelText('Serial number part 1 of 4')).toHaveValue('');
    });

    it("removes the puck and goes to /devices when the device's firmware is below 8 (device-management §4, §8, §9)", async () => {
      const { user, api, location } = setUp({ host: unit({ FirmwareVersion: '7.5' }) });
      await fillStepOne(user);
      expect(await screen.findByRole('dialog', { name: 'Error!' }, SLOW)).toHaveTextContent(
        "Your device's firmware is not eligible for the upgraded SPucks. Please upgrade your device to continue.",
      );
      await waitFor(() => expect(location().pathname).toBe('/devices'));
      expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(1);
    });

    it('asks for a subscription on a type 4 device; Cancel removes the puck (device-management §4)', async () => {
      const { user, api, location } = setUp({
        device: userDevice({ DeviceType: 4 }),
        host: unit({ DeviceType: 4 }),
        routes: puckBillingRoutes({ SubscriptionId: null }),
      });
      await fillStepOne(user);
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Add the SPuck to your subscription' },
        SLOW,
      );
      expect(
        await within(dialog).findByText(
          /set up from the device's Subscription page/,
          undefined,
          SLOW,
        ),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(location().pathname).toBe('/devices'));
      expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(1);
    });

    it('takes the upfront charge on the card on file, updates the recurring payment and goes on to notifications (device-management §4)', async () => {
      const { user, api } = setUp({
        device: userDevice({ DeviceType: 4 }),
        host: unit({ DeviceType: 4 }),
        routes: puckBillingRoutes({}, 'cust-7'),
      });
      await fillStepOne(user);
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Add the SPuck to your subscription' },
        SLOW,
      );
      await user.click(await within(dialog).findByRole('button', { name: 'Pay $39.95' }, SLOW));
      expect(
        await screen.findByRole('heading', { name: 'Step 2 of 3: Notifications' }, SLOW),
      ).toBeVisible();
      expect(
        api.find('POST', '/api/paymentprocessing/submitPeripheralUpfrontCharge/'),
      ).toHaveLength(1);
      expect(
        api.find('PUT', '/api/paymentprocessing/updatePeripheralRecurringPayment/'),
      ).toHaveLength(1);
      expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(0);
      expect(JSON.parse(Cookies.get('unfinishedSpuck') ?? '{}')).toMatchObject({ isPaid: true });
    });

    it("shows a refused registration with the server's message (device-management §5, §8)", async () => {
      const { user } = setUp({
        routes: [
          {
            method: 'POST',
            path: '/api/peripherals',
            answer: errorAnswer(
              409,
              'This location is already used by another SPuck on this device.',
            ),
          },
        ],
      });
      await fillStepOne(user, 'Garage');
      expect(await screen.findByRole('dialog', { name: 'Error!' }, SLOW)).toHaveTextContent(
        'An error occurred adding your new peripheral. This location is already used by another SPuck on this device.',
      );
      expect(screen.getByRole('heading', { name: 'Step 1 of 3: Puck information' })).toBeVisible();
    });

    it('asks before leaving with an unsaved registration (device-management §2)', async () => {
      const { user, location } = setUp();
      await user.type(await screen.findByLabelText(/SPuck name/, undefined, SLOW), 'Chest freezer');
      await user.click(screen.getByRole('link', { name: '← My devices' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave without finishing?' }, SLOW);
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      expect(location().pathname).toBe(PAGE);
      await user.click(screen.getByRole('link', { name: '← My devices' }));
      await user.click(
        within(
          await screen.findByRole('dialog', { name: 'Leave without finishing?' }, SLOW),
        ).getByRole('button', { name: 'Leave' }),
      );
      await waitFor(() => expect(location().pathname).toBe('/devices'));
    });

    it('removes an unfinished puck from an earlier visit on load (device-management §4)', async () => {
      Cookies.set('unfinishedSpuck', JSON.stringify({ userDeviceId: 5, id: SERIAL }));
      const { api } = setUp();
      await waitFor(() =>
        expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(1),
      );
      expect(Cookies.get('unfinishedSpuck')).toBeUndefined();
      expect(
        api.find('PUT', '/api/paymentprocessing/updatePeripheralRecurringPayment/'),
      ).toHaveLength(0);
    });

    it('takes a paid SPuck left unfinished off the recurring amount when it is removed on load (device-management §4)', async () => {
      Cookies.set('unfinishedSpuck', JSON.stringify({ userDeviceId: 5, id: SERIAL, isPaid: true }));
      const { api } = setUp({ routes: puckBillingRoutes() });
      await waitFor(() =>
        expect(
          api.find('PUT', '/api/paymentprocessing/updatePeripheralRecurringPayment/'),
        ).toHaveLength(1),
      );
      expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(1);
    });

    it('keeps an unfinished puck in multiple-puck mode (device-management §4)', async () => {
      Cookies.set('unfinishedSpuck', JSON.stringify({ userDeviceId: 5, id: SERIAL }));
      signInAs();
      const api = mockApi([{ path: '/api/users/7/devices/5', answer: { body: userDevice() } }]);
      renderApp(`${PAGE}?multiple=true`);
      await screen.findByLabelText('Serial number part 1 of 4', undefined, SLOW);
      expect(api.find('DELETE', `/api/devices/5/peripherals/${SERIAL}`)).toHaveLength(0);
    });

    it('blocks a direct visit at 16 pucks with the maximum-reached message (device-management §5, §9)', async () => {
      const full = Array.from({ length: 16 }, (_, i) =>
        puck(`0A1B2C${(16 + i).toString(16).toUpperCase()}`, 32775, []),
      );
      setUp({ device: userDevice({ DeviceType: 5, Peripherals: full }) });
      expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent(
        'This device already has the maximum of 16 SPucks. Please remove one in order to add another.',
      );
      expect(screen.queryByLabelText('Serial number part 1 of 4')).not.toBeInTheDocument();
    });
  },
);
