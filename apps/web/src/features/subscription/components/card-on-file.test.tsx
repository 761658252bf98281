import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@monitor/contract/users';
import {
  PAYMENT_ERROR_MESSAGES,
  PAYMENT_FIELD_MESSAGES,
} from '@monitor/domain/billing/payment-errors';
import { DEMO_USER } from '../../../test/fixtures';
import { mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  clientTokenRoute,
  installLocalProcessor,
  removeLocalProcessor,
} from '../test/subscription-fixtures';

const CARD_INFO = {
  SubscriptionIds: [31, 32],
  CreditCardType: 'Visa',
  CreditCardNumber: '1111',
  ExpDate: '12/2030',
  ExpMonth: 12,
  ExpYear: 2030,
  CardMatch: true,
};

afterEach(() => removeLocalProcessor());

function accountPage(user: User, routes: MockRoute[]) {
  signInAs(user);
  return mockApi([
    { path: `/api/users/${user.Id}`, answer: { body: user } },
    { path: '/api/billingaddresses', answer: { body: [] } },
    clientTokenRoute,
    ...routes,
  ]);
}

const customer: User = { ...DEMO_USER, CustomerId: 'cust-7' };

describe('the card on file on the account page', () => {
  it('shows the card type, last 4 and expiry, and saves a new card by its nonce (accounts-devices-billing §2, §3)', async () => {
    let onFile = CARD_INFO;
    const api = accountPage(customer, [
      { path: '/api/users/checkBillingUser', answer: { body: 0 } },
      { path: '/api/subscriptions/getusercreditcardinfo/7', answer: () => ({ body: onFile }) },
      {
        method: 'PUT',
        path: '/api/subscriptions/updatecreditcard/',
        answer: () => {
          onFile = {
            ...CARD_INFO,
            CreditCardType: 'MasterCard',
            CreditCardNumber: '4444',
            ExpDate: '01/2032',
          };
          return { body: onFile };
        },
      },
    ]);
    installLocalProcessor(async () => ({
      nonce: 'tokencc_mc_2',
      details: { cardType: 'MasterCard', lastFour: '4444' },
    }));
    const { user } = renderApp('/account?tab=billing');
    const section = await screen.findByRole('region', { name: 'Card on file' });
    expect(await within(section).findByText('Visa ending in 1111')).toBeInTheDocument();
    expect(within(section).getByText('Expires 12/2030')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Change card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change credit card' });
    await within(dialog).findByTitle('Card details');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('Your card was saved.')).toBeInTheDocument();
    expect(api.find('PUT', '/api/subscriptions/updatecreditcard/')[0]!.body).toEqual({
      UserId: 7,
      PaymentNonce: 'tokencc_mc_2',
      DeviceData: null,
    });
    expect(
      api.find('GET', '/api/paymentprocessing/generateClientToken')[0]!.query.get('customerId'),
    ).toBe('cust-7');
    expect(await within(section).findByText('MasterCard ending in 4444')).toBeInTheDocument();
  });

  it('shows a refused card through the payment error filter (accounts-devices-billing §8)', async () => {
    accountPage(customer, [
      { path: '/api/users/checkBillingUser', answer: { body: 0 } },
      { path: '/api/subscriptions/getusercreditcardinfo/7', answer: { body: CARD_INFO } },
      {
        method: 'PUT',
        path: '/api/subscriptions/updatecreditcard/',
        answer: {
          status: 400,
          body: {
            error: {
              code: 400,
              message: 'The card was not accepted. Please check the card details.',
              processorErrors: [
                { code: 10502, message: 'Invalid credit card number.' },
                { code: 10504, message: 'Invalid CVV.' },
              ],
            },
          },
        },
      },
    ]);
    installLocalProcessor();
    const { user } = renderApp('/account?tab=billing');
    const section = await screen.findByRole('region', { name: 'Card on file' });
    await user.click(await within(section).findByRole('button', { name: 'Change card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change credit card' });
    await within(dialog).findByTitle('Card details');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PAYMENT_ERROR_MESSAGES.multipleFieldErrors,
    );
    const flags = within(dialog).getByRole('list', { name: 'Fields to correct' });
    expect(flags).toHaveTextContent(PAYMENT_FIELD_MESSAGES.invalidCard);
    expect(flags).toHaveTextContent(PAYMENT_FIELD_MESSAGES.invalidCvv);
  });

  it('gives a billed user no card capture (accounts-devices-billing §6)', async () => {
    const api = accountPage({ ...DEMO_USER, BillingType: 1 }, [
      { path: '/api/users/checkBillingUser', answer: { body: 1 } },
    ]);
    renderApp('/account?tab=billing');
    const section = await screen.findByRole('region', { name: 'Card on file' });
    expect(
      await within(section).findByText(
        'Your account is billed by invoice: there is no card on file.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
    expect(api.find('GET', '/api/subscriptions/getusercreditcardinfo/7')).toHaveLength(0);
  });

  it('says when there is no card on file yet', async () => {
    accountPage(DEMO_USER, [
      { path: '/api/users/checkBillingUser', answer: { body: 0 } },
      {
        path: '/api/subscriptions/getusercreditcardinfo/7',
        answer: {
          body: {
            ...CARD_INFO,
            SubscriptionIds: [],
            CreditCardType: null,
            CreditCardNumber: null,
            ExpDate: null,
          },
        },
      },
    ]);
    renderApp('/account?tab=billing');
    const section = await screen.findByRole('region', { name: 'Card on file' });
    expect(
      await within(section).findByText(
        "No card on file. A card is added with a device's monitoring subscription.",
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
  });
});
