import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderWithProviders, signInAs } from '../../../test/render-app';
import { PUCK_SUBSCRIPTION_TITLE, PuckSubscriptionDialog } from './puck-subscription-dialog';

const USER_ID = 7;
const USER_DEVICE_ID = 5;
const CHARGE = '/api/paymentprocessing/submitPeripheralUpfrontCharge/';
const RECURRING = '/api/paymentprocessing/updatePeripheralRecurringPayment/';
const localToken = btoa(JSON.stringify({ version: 2, environment: 'local' }));

const DETAILS = {
  UserDeviceId: USER_DEVICE_ID,
  SubscriptionId: 31,
  PlanType: 'Monthly',
  BillingFrequency: 1,
  NextBillingDate: '2026-12-20',
  PuckCount: 2,
  PucksAwaitingPayment: 1,
  PuckMonthlyAmount: 2,
  PuckUpfrontAmount: 39.95,
  PlanMonthlyAmount: 9.95,
  RecurringMonthlyAmount: 11.95,
};

function routes({
  customerId = null,
  extra = [],
}: { customerId?: string | null; extra?: MockRoute[] } = {}): MockRoute[] {
  return [
    ...extra,
    { path: '/api/paymentprocessing/getPeripheralSubscriptionDetails/', answer: { body: DETAILS } },
    { path: '/api/users/getCustomerId', answer: { body: { CustomerId: customerId } } },
    {
      path: `/api/subscriptions/getusercreditcardinfo/${USER_ID}`,
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
      path: '/api/paymentprocessing/generateClientToken',
      answer: { body: { ClientToken: localToken } },
    },
    {
      method: 'POST',
      path: CHARGE,
      answer: { body: { ChargeId: 1, Amount: 39.95, Status: 'succeeded', TransactionId: 'tx-1' } },
    },
    {
      method: 'PUT',
      path: RECURRING,
      answer: {
        body: {
          SubscriptionId: 31,
          PuckCount: 2,
          PlanMonthlyAmount: 9.95,
          RecurringMonthlyAmount: 13.95,
          PeriodAmount: 13.95,
        },
      },
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

/** The Idempotency-Key each upfront charge was sent with. */
function chargeKeys(): (string | null)[] {
  return (globalThis.fetch as Mock).mock.calls
    .filter(([input]) => String(input).startsWith(CHARGE))
    .map(([, init]) => new Headers((init as RequestInit).headers).get('Idempotency-Key'));
}

afterEach(() => {
  delete window.localProcessor;
});

function renderDialog({ isBillable = false } = {}) {
  signInAs();
  const onPaid = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(
    <PuckSubscriptionDialog
      opened
      userId={USER_ID}
      userDeviceId={USER_DEVICE_ID}
      isBillable={isBillable}
      isCancelling={false}
      onCancel={onCancel}
      onPaid={onPaid}
    />,
  );
  return { ...view, onPaid, onCancel };
}

describe('the SPuck subscription dialog (device-management §4 "Add puck flow")', () => {
  it('takes the upfront charge by a new card for a user without a customer id, then updates the recurring payment (device-management §4)', async () => {
    installLocalProcessor(async () => ({ nonce: 'tokencc_puck', details: {} }));
    const api = mockApi(routes());
    const { user, onPaid } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: PUCK_SUBSCRIPTION_TITLE });
    const table = await within(dialog).findByRole('table', { name: 'SPuck charges' });
    expect(within(table).getByText('$39.95')).toBeInTheDocument();
    expect(within(table).getByText('$2.00 / month')).toBeInTheDocument();
    expect(within(table).getByText('$13.95 / month')).toBeInTheDocument();
    await within(dialog).findByTitle('Card details');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $39.95' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(api.find('POST', CHARGE)[0]!.body).toEqual({
      UserDeviceId: USER_DEVICE_ID,
      Quantity: 1,
      PaymentNonce: 'tokencc_puck',
    });
    expect(chargeKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.find('PUT', RECURRING)[0]!.body).toEqual({ UserDeviceId: USER_DEVICE_ID });
  });

  it('shows the details and the card on file to a user with a customer id and charges that card (device-management §4)', async () => {
    const api = mockApi(routes({ customerId: 'cust-7' }));
    const { user, onPaid } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: PUCK_SUBSCRIPTION_TITLE });
    expect(
      await within(dialog).findByText('We will charge $39.95 to Visa ending in 1111.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByTitle('Card details')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $39.95' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(api.find('POST', CHARGE)[0]!.body).toEqual({
      UserDeviceId: USER_DEVICE_ID,
      Quantity: 1,
    });
    expect(api.find('GET', '/api/paymentprocessing/generateClientToken')).toHaveLength(0);
  });

  it('shows the bank-decline alert and flags, does not go on, and retries with a new Idempotency-Key (accounts-devices-billing §8)', async () => {
    installLocalProcessor(async () => ({ nonce: 'tokencc_declined', details: {} }));
    const api = mockApi(
      routes({
        extra: [
          {
            method: 'POST',
            path: CHARGE,
            answer: {
              status: 400,
              body: {
                error: {
                  code: 400,
                  message: 'Do Not Honor',
                  processorErrors: [{ code: 15005, message: 'Do Not Honor' }],
                },
              },
            },
          },
        ],
      }),
    );
    const { user, onPaid } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: PUCK_SUBSCRIPTION_TITLE });
    await within(dialog).findByTitle('Card details');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $39.95' }));
    expect(
      await within(dialog).findByText(
        'Card declined by bank. Please check expiration and CVV2 or try another card.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter a valid CVV2 security code.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $39.95' }));
    await waitFor(() => expect(api.find('POST', CHARGE)).toHaveLength(2));
    const [first, second] = chargeKeys();
    expect(first).not.toBe(second);
    expect(onPaid).not.toHaveBeenCalled();
    expect(api.find('PUT', RECURRING)).toHaveLength(0);
  });

  it('takes no card for a billed device (types 6, 7) and only updates the recurring payment (device-management §4, §6)', async () => {
    const api = mockApi(routes());
    const { user, onPaid } = renderDialog({ isBillable: true });
    const dialog = await screen.findByRole('dialog', { name: PUCK_SUBSCRIPTION_TITLE });
    await user.click(await within(dialog).findByRole('button', { name: 'Add to my subscription' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByTitle('Card details')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Due today (1 SPuck)')).not.toBeInTheDocument();
    expect(api.find('POST', CHARGE)).toHaveLength(0);
    expect(api.find('GET', '/api/users/getCustomerId')).toHaveLength(0);
    expect(api.find('PUT', RECURRING)).toHaveLength(1);
  });

  it('does not update the recurring payment when the charge returns no TransactionId (device-management §4, §8)', async () => {
    const api = mockApi(
      routes({
        customerId: 'cust-7',
        extra: [
          {
            method: 'POST',
            path: CHARGE,
            answer: {
              body: { ChargeId: 2, Amount: 39.95, Status: 'pending', TransactionId: null },
            },
          },
        ],
      }),
    );
    const { user, onPaid } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: PUCK_SUBSCRIPTION_TITLE });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $39.95' }));
    expect(
      await within(dialog).findByText(
        'An error occurred processing your payment. Please contact customer service.',
      ),
    ).toBeInTheDocument();
    expect(api.find('PUT', RECURRING)).toHaveLength(0);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows why the details could not be loaded and lets the user cancel (accounts-devices-billing §8)', async () => {
    mockApi(
      routes({
        extra: [
          {
            path: '/api/paymentprocessing/getPeripheralSubscriptionDetails/',
            answer: errorAnswer(404, 'This device has no subscription.'),
          },
        ],
      }),
    );
    const { user, onCancel } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: PUCK_SUBSCRIPTION_TITLE });
    expect(
      await within(dialog).findByText(
        'Error getting subscription details - This device has no subscription.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
