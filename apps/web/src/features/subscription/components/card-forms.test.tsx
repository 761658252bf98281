import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_ERROR_MESSAGES,
  PAYMENT_FIELD_MESSAGES,
} from '@monitor/domain/billing/payment-errors';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  clientTokenRoute,
  day,
  devicePageRoutes,
  installLocalProcessor,
  removeLocalProcessor,
  subscriptionView,
} from '../test/subscription-fixtures';

const TAB = '/devices/5?view=subscription';
const UPDATE_CARD = '/api/subscriptions/updatecreditcard/';

afterEach(() => {
  removeLocalProcessor();
  vi.useRealTimers();
});

const refusal = (processorErrors: { code?: number; message?: string }[]) => ({
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'The card was not accepted. Please check the card details.',
      processorErrors,
    },
  },
});

function cardCustomer(routes: MockRoute[], view = subscriptionView()) {
  signInAs();
  return mockApi([
    ...devicePageRoutes(),
    clientTokenRoute,
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    { path: '/api/paymentprocessing/getSubscription', answer: { body: view } },
    ...routes,
  ]);
}

const CARD_INFO = {
  SubscriptionIds: [31],
  CreditCardType: 'MasterCard',
  CreditCardNumber: '4444',
  ExpDate: '12/2031',
  ExpMonth: 12,
  ExpYear: 2031,
  CardMatch: true,
};

async function openChangeCard() {
  const view = renderApp(TAB);
  await view.user.click(await screen.findByRole('button', { name: 'Change card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change credit card' });
  await within(dialog).findByTitle('Card details');
  return { ...view, dialog };
}

describe('the change-card modal', () => {
  it('sends only the nonce and closes 2 s after the card is saved (accounts-devices-billing §9)', async () => {
    const api = cardCustomer([{ method: 'PUT', path: UPDATE_CARD, answer: { body: CARD_INFO } }]);
    installLocalProcessor(async () => ({
      nonce: 'tokencc_mc_1',
      details: { cardType: 'MasterCard', lastFour: '4444' },
    }));
    const { dialog, user } = await openChangeCard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('Your card was saved.')).toBeInTheDocument();
    expect(api.find('PUT', UPDATE_CARD)[0]!.body).toEqual({
      UserId: 7,
      PaymentNonce: 'tokencc_mc_1',
      DeviceData: null,
    });
    act(() => {
      vi.advanceTimersByTime(1800);
    });
    expect(screen.getByRole('dialog', { name: 'Change credit card' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change credit card' })).not.toBeInTheDocument(),
    );
  });

  it('shows a bank decline word for word with the expiration and CVV flags, and stays open (accounts-devices-billing §8)', async () => {
    cardCustomer([
      {
        method: 'PUT',
        path: UPDATE_CARD,
        answer: refusal([{ code: 15005, message: 'Do Not Honor' }]),
      },
    ]);
    installLocalProcessor();
    const { dialog, user } = await openChangeCard();
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_ERROR_MESSAGES.bankDeclined);
    const flags = within(dialog).getByRole('list', { name: 'Fields to correct' });
    expect(flags).toHaveTextContent(PAYMENT_FIELD_MESSAGES.invalidExpiration);
    expect(flags).toHaveTextContent(PAYMENT_FIELD_MESSAGES.invalidCvv);
    expect(flags).not.toHaveTextContent(PAYMENT_FIELD_MESSAGES.invalidCard);
    expect(within(dialog).queryByText('Your card was saved.')).not.toBeInTheDocument();
  });

  it('flags an invalid card number with the single-field message (accounts-devices-billing §8)', async () => {
    cardCustomer([
      {
        method: 'PUT',
        path: UPDATE_CARD,
        answer: refusal([{ code: 10502, message: 'Invalid credit card number.' }]),
      },
    ]);
    installLocalProcessor();
    const { dialog, user } = await openChangeCard();
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PAYMENT_ERROR_MESSAGES.singleFieldError,
    );
    expect(within(dialog).getByRole('list', { name: 'Fields to correct' })).toHaveTextContent(
      PAYMENT_FIELD_MESSAGES.invalidCard,
    );
  });

  it("flags a missing field the card frame refused, without calling the product's API (accounts-devices-billing §8)", async () => {
    const api = cardCustomer([{ method: 'PUT', path: UPDATE_CARD, answer: { body: CARD_INFO } }]);
    installLocalProcessor(async () => {
      throw Object.assign(new Error('Missing field: CVV'), {
        details: { processorErrors: [{ message: 'Missing field: CVV' }] },
      });
    });
    const { dialog, user } = await openChangeCard();
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(
      await within(dialog).findByRole('list', { name: 'Fields to correct' }),
    ).toHaveTextContent(PAYMENT_FIELD_MESSAGES.missingField);
    expect(api.find('PUT', UPDATE_CARD)).toHaveLength(0);
  });

  it('answers a server failure with the request error and contact support (accounts-devices-billing §8)', async () => {
    cardCustomer([{ method: 'PUT', path: UPDATE_CARD, answer: errorAnswer(500, 'boom') }]);
    installLocalProcessor();
    const { dialog, user } = await openChangeCard();
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PAYMENT_ERROR_MESSAGES.requestError.replace('{phone}', '1-800-555-0101'),
    );
  });
});

describe('the reactivation card form', () => {
  it('shows a processor decline word for word and keeps the subscription suspended (accounts-devices-billing §8)', async () => {
    const api = cardCustomer(
      [
        {
          method: 'POST',
          path: '/api/subscriptions/31/reactivate/',
          answer: refusal([{ code: 10544, message: 'Gateway Rejected: fraud' }]),
        },
      ],
      subscriptionView({ Active: false, Status: 'Suspended', ExpirationDate: day(9) }),
    );
    installLocalProcessor();
    const { user } = renderApp(TAB);
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate subscription' });
    await user.click(within(dialog).getByRole('radio', { name: 'Another card' }));
    await within(dialog).findByTitle('Card details');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PAYMENT_ERROR_MESSAGES.processorDeclined,
    );
    expect(api.find('POST', '/api/subscriptions/31/reactivate/')).toHaveLength(1);
    expect(
      within(dialog).queryByText('Your subscription is active again.'),
    ).not.toBeInTheDocument();
  });
});
