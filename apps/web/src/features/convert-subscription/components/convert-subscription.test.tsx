import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OldProfileSubscription } from '@monitor/contract/old-profiles';
import type { User } from '@monitor/contract/users';
import { DEMO_USER } from '../../../test/fixtures';
import { mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';

const LEGACY: User = { ...DEMO_USER, Id: 21, EmailAddress: 'legacy@example.com' };

const VIEW = {
  Id: 55,
  UserId: LEGACY.Id,
  UserDeviceId: 8,
  Active: true,
  Pending: false,
  Status: 'Active',
  ExpirationDate: null,
  NextBillingDate: '2099-01-25',
  PaymentStartDate: '2098-01-25',
  EndDate: null,
  SubscriptionType: 'Annual' as const,
  BillingAmount: '8.25',
  BillingFrequency: 12,
  PaymentCard: { Type: null, Last4: null, ExpirationMonth: null, ExpirationYear: null },
};
const PROFILE: OldProfileSubscription = {
  Subscription: VIEW,
  UserDeviceId: 8,
  DeviceName: 'Boathouse',
  SerialNumber: 'BH1234',
};
const PLANS = [
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
];
const ADDRESS = {
  Id: 4,
  UserId: LEGACY.Id,
  Default: true,
  FirstName: 'Lee',
  LastName: 'Gacy',
  Address1: '9 dock road',
  Address2: null,
  City: 'rochester',
  State: 'NY',
  Zip: '14624',
  PhoneNumber: null,
};
const localToken = btoa(JSON.stringify({ version: 2, environment: 'local' }));

let converted = false;

function routes(
  extra: MockRoute[] = [],
  profiles: OldProfileSubscription[] = [PROFILE],
): MockRoute[] {
  return [
    ...extra,
    { path: `/api/users/${LEGACY.Id}`, answer: { body: LEGACY } },
    { path: '/api/billingaddresses', answer: { body: [ADDRESS] } },
    {
      path: '/api/paymentprocessing/getOldProfileSubscriptions',
      // Once converted, the profile is no longer listed (as the server answers).
      answer: () => ({ body: converted ? [] : profiles }),
    },
    { path: /^\/api\/subscriptions\/options\/\d+$/, answer: { body: PLANS } },
    {
      path: '/api/sales/checkAddressValidity',
      answer: {
        body: {
          Address1: '9 DOCK RD',
          Address2: '',
          City: 'ROCHESTER',
          State: 'NY',
          Zip: '14624-0001',
          PostalCode: '14624-0001',
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
  ];
}

function installLocalProcessor(tokenize: () => Promise<unknown>) {
  window.localProcessor = {
    hostedFields: {
      create: vi.fn(async ({ container }: { container: HTMLElement }) => {
        const frame = document.createElement('iframe');
        frame.title = 'Card details';
        container.append(frame);
        return { tokenize, teardown: vi.fn(async () => frame.remove()) };
      }),
    },
  } as unknown as Window['localProcessor'];
}

afterEach(() => {
  delete window.localProcessor;
  converted = false;
});

async function openForm() {
  signInAs(LEGACY);
  const view = renderApp('/account');
  const notice = await screen.findByRole('region', {
    name: 'Move your subscription to card payments',
  });
  expect(within(notice).getByText(/Boathouse, serial BH1234/)).toBeInTheDocument();
  await view.user.click(within(notice).getByRole('button', { name: 'Move to card payments' }));
  await screen.findByTitle('Card details');
  await view.user.click(await screen.findByRole('radio', { name: /^Annual/ }));
  return { ...view, notice };
}

describe('convert to the card provider', () => {
  it('moves an old payment profile to the card provider with the plan, the verified address and a nonce (accounts-devices-billing §4)', async () => {
    installLocalProcessor(async () => ({
      nonce: 'tokencc_legacy',
      details: { cardType: 'Visa', lastFour: '1111' },
    }));
    const api = mockApi(
      routes([
        {
          method: 'POST',
          path: '/api/paymentprocessing/convertToCardProvider/',
          answer: () => {
            converted = true;
            return {
              body: {
                OldSubscription: { ...VIEW, Status: 'CancelledProfile', Active: false },
                NewSubscription: { ...VIEW, Id: 56, NextBillingDate: '2099-01-25' },
                SwitchEmailSent: true,
              },
            };
          },
        },
      ]),
    );
    const { user } = await openForm();
    expect(
      screen.getByText('Your card subscription starts on January 25, 2099.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to card payments' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your subscription now uses card payments',
    );
    const sent = api.find('POST', '/api/paymentprocessing/convertToCardProvider/');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      OldSubscriptionId: 55,
      UserId: LEGACY.Id,
      billingPlan: { Id: 3, PlanType: 'Annual', StartDate: null },
      PaymentNonce: 'tokencc_legacy',
      DeviceData: null,
      FirstName: 'Lee',
      LastName: 'Gacy',
      Address1: '9 DOCK RD',
      Address2: null,
      City: 'ROCHESTER',
      State: 'NY',
      Zip: '14624-0001',
      PhoneNumber: null,
    });
    expect(api.find('GET', '/api/sales/checkAddressValidity')).toHaveLength(1);
    expect(
      api.find('GET', '/api/paymentprocessing/getOldProfileSubscriptions')[0]!.query.get('userId'),
    ).toBe(String(LEGACY.Id));
  });

  it('shows the tax on the verified address before the card is taken (accounts-devices-billing §5, §9)', async () => {
    installLocalProcessor(async () => ({ nonce: 'n', details: {} }));
    mockApi(routes());
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Verify address' }));
    const totals = await screen.findByRole('table', { name: 'Billing totals' });
    expect(await within(totals).findByText('$7.92')).toBeInTheDocument();
    expect(within(totals).getByText('$106.92')).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveValue('9 DOCK RD');
    expect(screen.getByRole('button', { name: 'Address verified' })).toBeDisabled();
  });

  it('shows the bank-decline alert and flags when the card is refused, keeping the old profile offered (accounts-devices-billing §8)', async () => {
    installLocalProcessor(async () => ({ nonce: 'tokencc_declined', details: {} }));
    mockApi(
      routes([
        {
          method: 'POST',
          path: '/api/paymentprocessing/convertToCardProvider/',
          answer: {
            status: 400,
            body: {
              error: {
                code: 400,
                message:
                  'An error occurred creating subscription with payment vendor. Please contact customer support.',
                processorErrors: [{ code: 15005, message: 'Do Not Honor' }],
              },
            },
          },
        },
      ]),
    );
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Move to card payments' }));
    expect(
      await screen.findByText(
        'Card declined by bank. Please check expiration and CVV2 or try another card.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid expiration date.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid CVV2 security code.')).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Move your subscription to card payments' }),
    ).toBeInTheDocument();
  });

  it('stops at a rejected address with the billing alert and takes no card (accounts-devices-billing §5)', async () => {
    const tokenize = vi.fn(async () => ({ nonce: 'n', details: {} }));
    installLocalProcessor(tokenize);
    const api = mockApi(
      routes([
        {
          path: '/api/sales/checkAddressValidity',
          answer: {
            body: {
              Address1: '',
              Address2: '',
              City: '',
              State: '',
              Zip: '',
              PostalCode: '',
              ReturnCode: 12,
              AddressCleansingResult: 'Street number not found.',
            },
          },
        },
      ]),
    );
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Move to card payments' }));
    expect(
      await screen.findByText(
        'Billing Address Verification Error : Street number not found. Please re-enter your address and try again.',
      ),
    ).toBeInTheDocument();
    expect(tokenize).not.toHaveBeenCalled();
    expect(api.find('POST', '/api/paymentprocessing/convertToCardProvider/')).toHaveLength(0);
  });

  it('shows nothing to a customer without an old payment profile (accounts-devices-billing §4)', async () => {
    const api = mockApi(routes([], []));
    signInAs(LEGACY);
    renderApp('/account');
    await screen.findByRole('heading', { name: 'Your details' });
    await waitFor(() =>
      expect(api.find('GET', '/api/paymentprocessing/getOldProfileSubscriptions')).toHaveLength(1),
    );
    expect(
      screen.queryByRole('region', { name: 'Move your subscription to card payments' }),
    ).not.toBeInTheDocument();
  });
});
