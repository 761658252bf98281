import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import { userDevice } from '../../features/device-detail/test/fixtures';
import { errorAnswer, mockApi, type MockRoute, type RecordedCall } from '../../test/mock-api';
import { renderApp, setDesktopWidth, signInAs } from '../../test/render-app';

/** The lazy page and its calls take longer than the default second on a busy machine. */
const SLOW = { timeout: 5000 };
const PAGE = '/devices/add';
const BANK_DECLINED =
  'Card declined by bank. Please check expiration and CVV2 or try another card.';

const found = (extra: Partial<DeviceBySerial> = {}): DeviceBySerial => ({
  Id: null,
  IMEI: null,
  SerialNumber: 'ABC123',
  DeviceType: 2,
  TenantId: 1,
  FirmwareVersion: '10.6',
  Memo: null,
  DeviceNSP: null,
  ModemActivated: null,
  Registered: false,
  ...extra,
});

const registered = (serial = 'ABC123') => ({
  UserDevice: userDevice({ Id: 77, SerialNumber: serial, Name: 'Barn', DeviceType: 2 }),
  Subscription: null,
});

const localToken = btoa(JSON.stringify({ version: 2, environment: 'local' }));

/** The local processor's client as its script defines it; each tokenize gives a new nonce. */
function installLocalProcessor() {
  let count = 0;
  window.localProcessor = {
    hostedFields: {
      create: vi.fn(async ({ container }: { container: HTMLElement }) => {
        const frame = document.createElement('iframe');
        frame.title = 'Card details';
        container.append(frame);
        return {
          tokenize: async () => ({
            nonce: `tokencc_${++count}`,
            details: { cardType: 'Visa', lastFour: '1111' },
          }),
          teardown: async () => frame.remove(),
        };
      }),
    },
  };
}

afterEach(() => {
  delete window.localProcessor;
});

function setUp({
  device = found(),
  registration = { body: registered() },
  routes = [],
}: {
  device?: DeviceBySerial;
  registration?: MockRoute['answer'];
  routes?: MockRoute[];
} = {}) {
  setDesktopWidth();
  signInAs();
  const api = mockApi([
    ...routes,
    { path: '/api/validation/serialnumber', answer: { body: device } },
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    { path: '/api/users/getDeviceCount', answer: { body: { DeviceCount: 3 } } },
    { path: '/api/users/7/devices', answer: { body: [] } },
    { method: 'POST', path: '/api/users/7/devices/registration', answer: registration },
    {
      method: 'POST',
      path: '/api/devices/oldDeviceRegistrationAttempt',
      answer: { body: { ok: true } },
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
          {
            Id: 3,
            PlanType: 'Annual',
            BillingAmount: '8.25',
            BillingFrequency: 12,
            Selectable: true,
            SubTotal: '99.00',
            FreeMonths: 0,
          },
        ],
      },
    },
    {
      path: '/api/billingaddresses',
      answer: {
        body: [
          {
            Id: 9,
            UserId: 7,
            Default: true,
            FirstName: 'Ellen',
            LastName: 'Ripley',
            Address1: '1 main street',
            Address2: null,
            City: 'rochester',
            State: 'NY',
            Zip: '14624',
            PhoneNumber: '15855550100',
          },
        ],
      },
    },
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
      answer: { body: { Tax: 7.92, TaxableAmount: 99, Rate: 0.08, HasNexus: true } },
    },
    {
      path: '/api/paymentprocessing/generateClientToken',
      answer: { body: { ClientToken: localToken } },
    },
  ]);
  return { ...renderApp(PAGE), api };
}

type View = ReturnType<typeof setUp>;

async function fillInformation({ user }: View) {
  await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
  await user.keyboard('ABC123');
  await screen.findByText('Serial number found.', undefined, SLOW);
  await user.type(screen.getByLabelText(/Device name/), 'Barn');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function toBilling(view: View) {
  await fillInformation(view);
  await view.user.click(await screen.findByRole('button', { name: 'Next' }, SLOW));
  await screen.findByText('Step 3 of 4: Notification Schedule', undefined, SLOW);
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 4 of 4: Billing Information', undefined, SLOW);
}

async function agreeToTerms({ user }: View) {
  const dialog = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
  await user.click(within(dialog).getByLabelText('I have read and agree to the legal terms'));
  await user.click(within(dialog).getByRole('button', { name: 'Agree and register' }));
}

const registrations = (api: View['api']): RecordedCall[] =>
  api.find('POST', '/api/users/7/devices/registration');

describe('/devices/add', () => {
  it('registers a test device without payment, the terms agreed, in one call with an Idempotency-Key (accounts-devices-billing §4, §5)', async () => {
    const view = setUp();
    await toBilling(view);
    expect(
      screen.getByText('This is a test device: it needs no subscription and no card.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Card details')).not.toBeInTheDocument();
    expect(view.api.find('GET', '/api/subscriptions/options/1')).toHaveLength(0);
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    expect(registrations(view.api)).toHaveLength(0);
    await agreeToTerms(view);
    expect(await screen.findByText('Device registered', undefined, SLOW)).toBeInTheDocument();
    const [call] = registrations(view.api);
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(call!.body).toMatchObject({
      SerialNumber: 'ABC123',
      Name: 'Barn',
      TimeZone: -5,
      TempMin: 40,
      TempMax: 80,
      HumidityMin: 10,
      HumidityMax: 70,
      TermsAccepted: true,
      TempPref: 'F',
      Subscription: null,
    });
    expect(
      (call!.body as { Notifications: { AlarmType: string }[] }).Notifications.map(
        (n) => n.AlarmType,
      ),
    ).toEqual(['TEMP', 'HUMIDITY', 'POWER', 'NOCALL']);
  });

  it('puts one more device on the header badge after a registration (accounts-devices-billing §4 "Device count badge")', async () => {
    const view = setUp();
    expect(
      await screen.findByRole('link', { name: 'My Devices, 3 devices' }, SLOW),
    ).toBeInTheDocument();
    await toBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    await agreeToTerms(view);
    await screen.findByText('Device registered', undefined, SLOW);
    expect(screen.getByRole('link', { name: 'My Devices, 4 devices' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Go to my devices' }));
    await waitFor(() => expect(view.location().pathname).toBe('/devices'));
  });

  it('registers nothing when the terms are not agreed (accounts-devices-billing §5)', async () => {
    const view = setUp();
    await toBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Legal terms' })).not.toBeInTheDocument(),
    );
    expect(registrations(view.api)).toHaveLength(0);
  });

  it('goes back a step at a time, keeping what was entered, and has no back on step 1 (accounts-devices-billing §4 "Wizard")', async () => {
    const view = setUp();
    expect(
      await screen.findByText('Step 1 of 4: Device Information', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await toBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 3 of 4: Notification Schedule')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 4: Device Ranges')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 4: Device Information')).toBeInTheDocument();
    expect(screen.getByLabelText(/Device name/)).toHaveValue('Barn');
    expect(screen.getByLabelText('Serial number part 1 of 2')).toHaveValue('ABC');
  });

  it('cancels the wizard for firmware below 4: the alert with the brand phone, the attempt logged (accounts-devices-billing §5)', async () => {
    const view = setUp({ device: found({ Id: 12, FirmwareVersion: '3.2' }) });
    await view.user.click(
      await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW),
    );
    await view.user.keyboard('ABC123');
    const dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(dialog).toHaveTextContent(
      'The device you have entered is no longer supported, please contact customer service at 1-800-555-0101',
    );
    await waitFor(() => expect(view.location().pathname).toBe('/devices'));
    expect(view.api.find('POST', '/api/devices/oldDeviceRegistrationAttempt')[0]!.body).toEqual({
      SerialNumber: 'ABC123',
      UserId: 7,
    });
  });

  it("shows the saga's own message when a step fails, the friendly one on a 500 (accounts-devices-billing §8)", async () => {
    let status = 502;
    const view = setUp({
      registration: () =>
        status === 502
          ? errorAnswer(
              502,
              'An error occurred while activating the cellular connection with your device. Please contact Customer Service.',
            )
          : errorAnswer(500, 'Internal Server Error'),
    });
    await toBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    await agreeToTerms(view);
    let dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(dialog).toHaveTextContent(
      'An error occurred while activating the cellular connection with your device. Please contact Customer Service.',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    status = 500;
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    await agreeToTerms(view);
    dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(dialog).toHaveTextContent(
      "We're sorry, an error occurred saving your new device information. Please try again. If the issue persists, please contact customer support.",
    );
    const [first, second] = registrations(view.api);
    // A retry is a new attempt: a new key (decision 037).
    expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });

  it('takes a plan, the verified address and the card nonce for a card device; a declined card flags the fields and alerts word for word (accounts-devices-billing §5, §8)', async () => {
    installLocalProcessor();
    let answer: MockRoute['answer'] = {
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'Card declined.',
          processorErrors: [{ code: '15005', message: 'Declined by bank' }],
        },
      },
    };
    const view = setUp({
      device: found({ DeviceType: 1 }),
      registration: () => (typeof answer === 'function' ? { status: 500 } : answer),
    });
    await toBilling(view);
    expect(await screen.findByTitle('Card details', undefined, SLOW)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    expect(await screen.findByText('Choose a plan.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('radio', { name: /^Annual/ }));
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    await agreeToTerms(view);
    expect(await screen.findByText(BANK_DECLINED, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Fields to correct' })).toBeInTheDocument();
    const [declined] = registrations(view.api);
    expect(declined!.body).toMatchObject({
      Subscription: {
        billingPlan: { Id: 3, PlanType: 'Annual', StartDate: null },
        Address1: '1 MAIN ST',
        City: 'ROCHESTER',
        State: 'NY',
        Zip: '14624',
        PaymentNonce: 'tokencc_1',
      },
    });
    // Tax on the verified address, before the card (§5).
    expect(screen.getByRole('table', { name: 'Billing totals' })).toHaveTextContent('$7.92');

    answer = { body: registered() };
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    await agreeToTerms(view);
    expect(await screen.findByText('Device registered', undefined, SLOW)).toBeInTheDocument();
    const [, paid] = registrations(view.api);
    expect(
      (paid!.body as { Subscription: { PaymentNonce: string } }).Subscription.PaymentNonce,
    ).toBe('tokencc_2');
    expect(paid!.headers.get('Idempotency-Key')).not.toBe(declined!.headers.get('Idempotency-Key'));
  });

  it('takes a plan and no card for an invoice device of a billed user (accounts-devices-billing §4, §6)', async () => {
    const view = setUp({
      device: found({ DeviceType: 6 }),
      routes: [{ path: '/api/users/checkBillingUser', answer: { body: 2 } }],
    });
    await toBilling(view);
    expect(
      await screen.findByText(
        'This device is billed to your account by invoice: no card is needed.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Card details')).not.toBeInTheDocument();
    expect(view.api.find('GET', '/api/paymentprocessing/generateClientToken')).toHaveLength(0);
    await view.user.click(await screen.findByRole('radio', { name: /^Monthly/ }, SLOW));
    await view.user.click(screen.getByRole('button', { name: 'Register device' }));
    await agreeToTerms(view);
    await screen.findByText('Device registered', undefined, SLOW);
    const [call] = registrations(view.api);
    expect(call!.body).toMatchObject({
      Subscription: { billingPlan: { Id: 1, PlanType: 'Monthly' }, PaymentNonce: null },
    });
  });

  describe('the billing address remembered (issue #24 item 7, accounts-devices-billing §2 "default billing address")', () => {
    const noDefaultYet: MockRoute[] = [
      { path: '/api/billingaddresses', answer: { body: [] } },
      { method: 'POST', path: '/api/billingaddresses', answer: (call) => ({ body: call.body }) },
    ];

    async function registerWithNewAddress(view: View, { keep }: { keep: boolean }) {
      await toBilling(view);
      const consent = await screen.findByRole(
        'checkbox',
        { name: /Save as my billing address/ },
        SLOW,
      );
      expect(consent).toBeChecked();
      if (!keep) await view.user.click(consent);
      await view.user.type(screen.getByLabelText(/Street address/), '1 main street');
      await view.user.type(screen.getByLabelText(/City/), 'rochester');
      await view.user.type(screen.getByLabelText(/ZIP/), '14624');
      await view.user.click(screen.getByRole('radio', { name: /^Monthly/ }));
      await view.user.click(screen.getByRole('button', { name: 'Register device' }));
      await agreeToTerms(view);
      await screen.findByText('Device registered', undefined, SLOW);
    }

    it('saves the verified address as the default once the registration succeeded, when the customer has none and keeps the box ticked', async () => {
      const view = setUp({
        device: found({ DeviceType: 6 }),
        routes: [{ path: '/api/users/checkBillingUser', answer: { body: 2 } }, ...noDefaultYet],
      });
      await registerWithNewAddress(view, { keep: true });
      await waitFor(() => expect(view.api.find('POST', '/api/billingaddresses')).toHaveLength(1));
      expect(view.api.find('POST', '/api/billingaddresses')[0]!.body).toMatchObject({
        UserId: 7,
        Default: true,
        Address1: '1 MAIN ST',
        City: 'ROCHESTER',
        State: 'NY',
        Zip: '14624',
      });
    });

    it('saves nothing when the customer unticks the box', async () => {
      const view = setUp({
        device: found({ DeviceType: 6 }),
        routes: [{ path: '/api/users/checkBillingUser', answer: { body: 2 } }, ...noDefaultYet],
      });
      await registerWithNewAddress(view, { keep: false });
      expect(registrations(view.api)).toHaveLength(1);
      expect(view.api.find('POST', '/api/billingaddresses')).toHaveLength(0);
    });

    it('starts from the default address and offers no box when there is one', async () => {
      const view = setUp({
        device: found({ DeviceType: 6 }),
        routes: [{ path: '/api/users/checkBillingUser', answer: { body: 2 } }],
      });
      await toBilling(view);
      expect(await screen.findByDisplayValue('1 main street', undefined, SLOW)).toBeInTheDocument();
      expect(screen.getByLabelText(/ZIP/)).toHaveValue('14624');
      expect(
        screen.queryByRole('checkbox', { name: /Save as my billing address/ }),
      ).not.toBeInTheDocument();
    });
  });

  it('asks before leaving with unsaved work, and stays when told to (accounts-devices-billing §2)', async () => {
    const view = setUp();
    await fillInformation(view);
    await screen.findByText('Step 2 of 4: Device Ranges', undefined, SLOW);
    await view.user.click(screen.getByRole('link', { name: '← My devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without finishing?' }, SLOW);
    await view.user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(view.location().pathname).toBe(PAGE);
    expect(screen.getByText('Step 2 of 4: Device Ranges')).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: '← My devices' }));
    await view.user.click(
      within(
        await screen.findByRole('dialog', { name: 'Leave without finishing?' }, SLOW),
      ).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(view.location().pathname).toBe('/devices'));
    expect(registrations(view.api)).toHaveLength(0);
  });
});
