import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import { PAYMENT_ERROR_MESSAGES } from '@monitor/domain/billing/payment-errors';
import { SUBSCRIPTION_START_MESSAGES } from '@monitor/domain/billing/subscription-start';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  day,
  DEVICE_PATH,
  subscribedDevice,
  subscriptionView,
} from '../test/subscription-fixtures';

const PAGE = '/devices/5/subscription';
const CHANGE = '/api/subscriptions/31';
const PREVIEW = '/api/subscriptions/31/previewChange';

/** The server's price of a change from Monthly to Annual, started today with a credit. */
const PREVIEW_ANSWER = {
  CurrentPlanType: 'Monthly',
  CurrentBillingAmount: '24.75',
  CurrentBillingFrequency: 1,
  PlanType: 'Annual',
  BillingAmount: '8.25',
  BillingFrequency: 12,
  StartDate: day(0),
  FirstBillingDate: day(0),
  IsChargedNow: true,
  Credit: '2.99',
  FirstChargeSubtotal: '96.01',
};

const option = (
  Id: number,
  PlanType: BillingPlanOption['PlanType'],
  BillingAmount: string,
  BillingFrequency: number,
): BillingPlanOption => ({
  Id,
  PlanType,
  BillingAmount,
  BillingFrequency,
  Selectable: true,
  SubTotal: (Number(BillingAmount) * BillingFrequency).toFixed(2),
  FreeMonths: 0,
});

const OPTIONS = [
  option(1, 'Monthly', '24.75', 1),
  option(2, 'Seasonal', '19.95', 6),
  option(3, 'Annual', '8.25', 12),
];

function changePage(routes: MockRoute[] = [], view = subscriptionView()) {
  signInAs();
  return mockApi([
    {
      path: DEVICE_PATH,
      answer: { body: subscribedDevice({ TenantId: 2, SerialNumber: 'KLM123' }) },
    },
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    { path: '/api/paymentprocessing/getSubscription', answer: { body: view } },
    { path: '/api/subscriptions/options/2', answer: { body: OPTIONS } },
    ...routes,
    { method: 'POST', path: PREVIEW, answer: { body: PREVIEW_ANSWER } },
  ]);
}

/** Confirms the change in the confirmation the server's preview opened. */
async function confirmChange(
  user: ReturnType<typeof renderApp>['user'],
  label: 'Change plan' | 'Reactivate' = 'Change plan',
) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
  await user.click(within(dialog).getByRole('button', { name: label }));
}

async function planGroup() {
  return screen.findByRole('radiogroup', { name: 'Subscription plan' }, { timeout: 5000 });
}

describe('the change-subscription page', () => {
  it("offers the device's plans with their amounts in 2 decimals, the current one chosen (accounts-devices-billing §9)", async () => {
    const api = changePage();
    renderApp(PAGE);
    const group = await planGroup();
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Monthly, $24.75 / month',
      'Seasonal, $119.70 / 6 months',
      'Annual, $99.00 / year',
    ]);
    expect(within(group).getByRole('radio', { name: /^Monthly/ })).toBeChecked();
    expect(api.find('GET', '/api/subscriptions/options/2')[0]!.query.get('serial')).toBe('KLM123');
  });

  it('saves the chosen plan and goes back to the Subscription tab (accounts-devices-billing §4)', async () => {
    const api = changePage([
      {
        method: 'PUT',
        path: CHANGE,
        answer: {
          body: {
            ...subscriptionView({
              SubscriptionType: 'Annual',
              BillingAmount: '8.25',
              BillingFrequency: 12,
            }),
            Credit: '0.00',
          },
        },
      },
      { path: '/api/notifications', answer: { body: [] } },
    ]);
    const { user, location } = renderApp(PAGE);
    const group = await planGroup();
    await user.click(within(group).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await confirmChange(user);
    await waitFor(() => expect(location().pathname).toBe('/devices/5'));
    expect(location().search).toBe('?view=subscription');
    expect(api.find('PUT', CHANGE)[0]!.body).toEqual({
      billingPlan: { Id: 3, PlanType: 'Annual', StartDate: null },
    });
  });

  it("shows the server's old → new price, start, next billing date and credit, and changes nothing until confirmed (accounts-devices-billing §4, §9, issue #24 item 14)", async () => {
    const api = changePage([{ method: 'PUT', path: CHANGE, answer: errorAnswer(500, 'unused') }]);
    const { user, location } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    const value = (label: string) =>
      within(dialog).getByRole('rowheader', { name: label }).closest('tr');
    expect(value('Current plan')).toHaveTextContent('Monthly: $24.75 per month');
    expect(value('New plan')).toHaveTextContent('Annual: $99.00 per year ($8.25 per month)');
    expect(value('Starts')).toHaveTextContent(dayjs(day(0)).format('MMMM D, YYYY'));
    expect(value('Next billing date')).toHaveTextContent('Today');
    expect(value('Credit for unused days of your previous plan')).toHaveTextContent('$2.99');
    expect(value('Charged today')).toHaveTextContent('$96.01 plus tax');
    expect(within(dialog).getByText('The card on file is charged when you confirm.')).toBeVisible();
    expect(api.find('POST', PREVIEW)[0]!.body).toEqual({
      billingPlan: { Id: 3, PlanType: 'Annual', StartDate: null },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Keep current plan' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm plan change' })).not.toBeInTheDocument(),
    );
    expect(api.find('PUT', CHANGE)).toHaveLength(0);
    expect(location().pathname).toBe(PAGE);
  });

  it("shows the server's refusal of the preview word for word, with no confirmation (accounts-devices-billing §4)", async () => {
    const api = changePage([
      {
        method: 'POST',
        path: PREVIEW,
        answer: errorAnswer(400, SUBSCRIPTION_START_MESSAGES.seasonInProgress),
      },
    ]);
    const { user } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      SUBSCRIPTION_START_MESSAGES.seasonInProgress,
    );
    expect(screen.queryByRole('dialog', { name: 'Confirm plan change' })).not.toBeInTheDocument();
    expect(api.find('PUT', CHANGE)).toHaveLength(0);
  });

  it('starts a seasonal plan no earlier than the next billing date, and sends the start (accounts-devices-billing §5)', async () => {
    const api = changePage([
      { method: 'PUT', path: CHANGE, answer: { body: { ...subscriptionView(), Credit: '0.00' } } },
      { path: '/api/notifications', answer: { body: [] } },
    ]);
    const { user } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Seasonal/ }));
    // The next billing date is ahead of today: the season starts there at the earliest.
    expect(screen.getByRole('button', { name: /Season start date/ })).toHaveTextContent(
      dayjs(day(20)).format('MMMM D, YYYY'),
    );
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await confirmChange(user);
    await waitFor(() => expect(api.find('PUT', CHANGE)).toHaveLength(1));
    expect(api.find('PUT', CHANGE)[0]!.body).toEqual({
      billingPlan: { Id: 2, PlanType: 'Seasonal', StartDate: day(20) },
    });
  });

  it('reactivates an expired subscription with the chosen plan (accounts-devices-billing §4)', async () => {
    const api = changePage(
      [
        {
          method: 'PUT',
          path: CHANGE,
          answer: { body: { ...subscriptionView(), Credit: '0.00' } },
        },
        { path: '/api/notifications', answer: { body: [] } },
      ],
      subscriptionView({ Active: false, Status: 'OutOfService', ExpirationDate: day(-5) }),
    );
    const { user, location } = renderApp(PAGE);
    await planGroup();
    expect(
      screen.getByText(/Current plan: Monthly: \$24\.75 per month · Out of service/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    await confirmChange(user, 'Reactivate');
    await waitFor(() => expect(location().pathname).toBe('/devices/5'));
    expect(api.find('PUT', CHANGE)[0]!.body).toEqual({
      billingPlan: { Id: 1, PlanType: 'Monthly', StartDate: null },
    });
  });

  it("shows the server's refusal of a seasonal plan in season word for word (accounts-devices-billing §4)", async () => {
    changePage([
      {
        method: 'PUT',
        path: CHANGE,
        answer: errorAnswer(400, SUBSCRIPTION_START_MESSAGES.seasonInProgress),
      },
    ]);
    const { user, location } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await confirmChange(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      SUBSCRIPTION_START_MESSAGES.seasonInProgress,
    );
    expect(location().pathname).toBe(PAGE);
  });

  it("shows the spec's message when the change fails on the server (accounts-devices-billing §8)", async () => {
    changePage([{ method: 'PUT', path: CHANGE, answer: errorAnswer(500, 'boom') }]);
    const { user } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await confirmChange(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred updating subscription information. Please contact customer service.',
    );
  });

  it('shows a decline of the card on file through the payment error filter (accounts-devices-billing §8)', async () => {
    changePage([
      {
        method: 'PUT',
        path: CHANGE,
        answer: {
          status: 400,
          body: {
            error: {
              code: 400,
              message:
                'An error occurred updating subscription information. Please contact customer service.',
              processorErrors: [{ code: 10752, message: 'Declined' }],
            },
          },
        },
      },
    ]);
    const { user } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await confirmChange(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PAYMENT_ERROR_MESSAGES.issuingBankDeclined,
    );
  });

  it('shows the growing progress while the change is saved (accounts-devices-billing §2)', async () => {
    let release: (value: { body: unknown }) => void = () => undefined;
    changePage([
      {
        method: 'PUT',
        path: CHANGE,
        answer: () => new Promise((resolve) => (release = resolve)),
      },
      { path: '/api/notifications', answer: { body: [] } },
    ]);
    const { user } = renderApp(PAGE);
    await user.click(within(await planGroup()).getByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await confirmChange(user);
    const bar = await screen.findByRole('progressbar', { name: 'Saving your subscription' });
    await waitFor(() =>
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(20),
    );
    release({ body: { ...subscriptionView(), Credit: '0.00' } });
    await waitFor(() =>
      expect(
        screen.queryByRole('progressbar', { name: 'Saving your subscription' }),
      ).not.toBeInTheDocument(),
    );
  });

  it("leaves a sub-account's shared device to its owner, reading none of the owner's billing (accounts-devices-billing §6)", async () => {
    signInAs();
    const api = mockApi([
      { path: DEVICE_PATH, answer: { body: subscribedDevice({ SubAccountDevice: true }) } },
    ]);
    renderApp(PAGE);
    expect(
      await screen.findByText("The account owner manages this device's subscription."),
    ).toBeInTheDocument();
    // Only the header's device count and the device itself are read.
    expect(
      api
        .apiCalls()
        .map((call) => call.path)
        .filter((path) => /subscription|paymentprocessing|checkBillingUser/.test(path)),
    ).toEqual([]);
  });

  it("shows 'An error occurred loading subscription options!' when the plans fail to load (accounts-devices-billing §8)", async () => {
    signInAs();
    mockApi([
      { path: DEVICE_PATH, answer: { body: subscribedDevice({ TenantId: 2 }) } },
      { path: '/api/users/checkBillingUser', answer: { body: 0 } },
      { path: '/api/paymentprocessing/getSubscription', answer: { body: subscriptionView() } },
      { path: '/api/subscriptions/options/2', answer: errorAnswer(500, 'boom') },
    ]);
    renderApp(PAGE);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'An error occurred loading subscription options!',
    );
  });
});
