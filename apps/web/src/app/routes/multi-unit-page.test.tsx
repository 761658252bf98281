import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import { userDevice } from '../../features/device-detail/test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../test/mock-api';
import { renderApp, setDesktopWidth, signInAs } from '../../test/render-app';

const SLOW = { timeout: 5000 };
const MISMATCH = 'There was a device type mismatch. Please check the Serial number and try again.';

const found = (serial: string, extra: Partial<DeviceBySerial> = {}): DeviceBySerial => ({
  Id: null,
  IMEI: null,
  SerialNumber: serial,
  DeviceType: 2,
  TenantId: 1,
  FirmwareVersion: '10.6',
  Memo: null,
  DeviceNSP: null,
  ModemActivated: null,
  Registered: false,
  ...extra,
});

const UNITS: Record<string, DeviceBySerial> = {
  BBB222: found('BBB222'),
  CCC333: found('CCC333'),
  DDD444: found('DDD444', { DeviceType: 4 }),
  EEE555: found('EEE555', { TenantId: 2 }),
};

const registration = (serial: string) => ({
  UserDevice: userDevice({ Id: 100, SerialNumber: serial, DeviceType: 2 }),
  Subscription: null,
});

function setUp(multiunit: MockRoute['answer'], routes: MockRoute[] = []) {
  setDesktopWidth();
  signInAs();
  const api = mockApi([
    ...routes,
    {
      path: '/api/validation/serialnumber',
      answer: (call) => {
        const unit = UNITS[call.query.get('serial') ?? ''];
        return unit ? { body: unit } : errorAnswer(404, 'Serial number not found.');
      },
    },
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    { path: '/api/users/getDeviceCount', answer: { body: { DeviceCount: 1 } } },
    {
      path: '/api/users/7/devices',
      answer: {
        body: [
          userDevice({ Id: 5, SerialNumber: 'AAA111', Name: 'Barn', DeviceType: 2, TenantId: 1 }),
        ],
      },
    },
    { method: 'POST', path: '/api/users/7/devices/multiunit', answer: multiunit },
  ]);
  return { ...renderApp('/multi-unit-registration'), api };
}

type View = ReturnType<typeof setUp>;

async function addUnit({ user }: View, serial: string, name: string) {
  await user.click(screen.getByLabelText('Serial number part 1 of 2'));
  await user.keyboard(serial);
  await screen.findByText('Serial number found.', undefined, SLOW);
  await user.type(screen.getByLabelText(/Device name/), name);
  await user.click(screen.getByRole('button', { name: 'Add this unit' }));
}

async function start(view: View) {
  await view.user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
  expect(await screen.findByRole('heading', { name: 'Unit 2' }, SLOW)).toBeInTheDocument();
}

async function agreeToTerms({ user }: View) {
  const dialog = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
  await user.click(within(dialog).getByLabelText('I have read and agree to the legal terms'));
  await user.click(within(dialog).getByRole('button', { name: 'Agree and register' }));
}

afterEach(() => vi.useRealTimers());

describe('/multi-unit-registration', () => {
  it('counts units from 2 and refuses another type or tenant with the mismatch alert, then resets (accounts-devices-billing §4, §5, §9)', async () => {
    const view = setUp({ body: { Registrations: [] } });
    await start(view);
    await addUnit(view, 'BBB222', 'Shed');
    expect(await screen.findByRole('heading', { name: 'Unit 3' })).toBeInTheDocument();
    for (const serial of ['DDD444', 'EEE555']) {
      await view.user.click(screen.getByLabelText('Serial number part 1 of 2'));
      await view.user.keyboard(serial);
      expect(await screen.findByText(MISMATCH, undefined, SLOW)).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByLabelText('Serial number part 1 of 2')).toHaveValue(''),
      );
    }
    expect(screen.getByRole('heading', { name: 'Unit 3' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Units to register (1)' })).toBeInTheDocument();
  });

  it("registers the units in one call, then shows 'Device {serial} registered.' 400 ms after each (accounts-devices-billing §9)", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const answered = new Promise<{ body: unknown }>((resolve) => {
      answer = resolve;
    });
    const view = setUp(() => answered);
    await start(view);
    await addUnit(view, 'BBB222', 'Shed');
    await addUnit(view, 'CCC333', 'Garage');
    expect(await screen.findByRole('heading', { name: 'Unit 4' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Register 2 units' }));
    await agreeToTerms(view);
    await waitFor(() =>
      expect(view.api.find('POST', '/api/users/7/devices/multiunit')).toHaveLength(1),
    );
    const [call] = view.api.find('POST', '/api/users/7/devices/multiunit');
    expect(call!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(call!.body).toMatchObject({
      TermsAccepted: true,
      Subscription: null,
      Units: [
        {
          SerialNumber: 'BBB222',
          Name: 'Shed',
          DeviceType: 2,
          TenantId: 1,
          TempMin: 40,
          TempMax: 80,
        },
        { SerialNumber: 'CCC333', Name: 'Garage', DeviceType: 2, TenantId: 1 },
      ],
    });
    // The clock stands still from the answer on.
    vi.useFakeTimers();
    await act(async () => {
      answer({ body: { Registrations: [registration('BBB222'), registration('CCC333')] } });
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(399);
    });
    expect(screen.queryByText('Device BBB222 registered.')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('Device BBB222 registered.')).toBeInTheDocument();
    expect(screen.queryByText('Device CCC333 registered.')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(screen.getByText('Device CCC333 registered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Devices, 3 devices' })).toBeInTheDocument();
  });

  it('shows the §8 message when a unit fails; the units before it stay registered (accounts-devices-billing §8)', async () => {
    const message =
      'An error occurred setting up your services. Please contact customer support at 1-800-555-0101';
    const view = setUp({
      status: 502,
      body: {
        error: { code: 502, message, Registered: ['BBB222'], FailedSerialNumber: 'CCC333' },
      },
    });
    await start(view);
    await addUnit(view, 'BBB222', 'Shed');
    await addUnit(view, 'CCC333', 'Garage');
    await view.user.click(screen.getByRole('button', { name: 'Register 2 units' }));
    await agreeToTerms(view);
    expect(await screen.findByRole('dialog', { name: 'Error!' }, SLOW)).toHaveTextContent(message);
    expect(
      await screen.findByText('Device BBB222 registered.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Units to register (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register 1 unit' })).toBeInTheDocument();
  });

  it('offers to save the verified address of the one payment and keeps it as the default once the units are registered (issue #24 item 7, accounts-devices-billing §2)', async () => {
    const invoiced = found('BBB222', { DeviceType: 6 });
    const view = setUp({ body: { Registrations: [registration('BBB222')] } }, [
      { path: '/api/validation/serialnumber', answer: { body: invoiced } },
      { path: '/api/users/checkBillingUser', answer: { body: 2 } },
      {
        path: '/api/users/7/devices',
        answer: {
          body: [userDevice({ Id: 5, SerialNumber: 'AAA111', DeviceType: 6, TenantId: 1 })],
        },
      },
      {
        path: '/api/subscriptions/options/1',
        answer: {
          body: [
            {
              Id: 1,
              PlanType: 'Monthly',
              BillingAmount: '9.95',
              BillingFrequency: 1,
              Selectable: true,
              SubTotal: '9.95',
              FreeMonths: 0,
            },
          ],
        },
      },
      { path: '/api/billingaddresses', answer: { body: [] } },
      { method: 'POST', path: '/api/billingaddresses', answer: (call) => ({ body: call.body }) },
      {
        path: '/api/sales/checkAddressValidity',
        answer: {
          body: {
            Address1: '1 MAIN ST',
            Address2: '',
            City: 'ROCHESTER',
            State: 'NY',
            Zip: '14624',
            PostalCode: '14624',
            ReturnCode: 31,
            AddressCleansingResult: '',
          },
        },
      },
      {
        path: '/api/taxrates/calculateSalesTax',
        answer: { body: { Tax: 0.8, TaxableAmount: 9.95, Rate: 0.08, HasNexus: true } },
      },
    ]);
    await start(view);
    await addUnit(view, 'BBB222', 'Shed');
    const consent = await screen.findByRole(
      'checkbox',
      { name: 'Save as my billing address' },
      SLOW,
    );
    expect(consent).toBeChecked();
    await view.user.type(screen.getByLabelText(/Street address/), '1 main street');
    await view.user.type(screen.getByLabelText(/City/), 'rochester');
    await view.user.type(screen.getByLabelText(/ZIP/), '14624');
    await view.user.click(screen.getByRole('radio', { name: /^Monthly/ }));
    await view.user.click(screen.getByRole('button', { name: 'Register 1 unit' }));
    await agreeToTerms(view);
    await waitFor(() => expect(view.api.find('POST', '/api/billingaddresses')).toHaveLength(1));
    expect(view.api.find('POST', '/api/users/7/devices/multiunit')).toHaveLength(1);
    expect(view.api.find('POST', '/api/billingaddresses')[0]!.body).toMatchObject({
      UserId: 7,
      Default: true,
      Address1: '1 MAIN ST',
      City: 'ROCHESTER',
      Zip: '14624',
    });
  });
});
