import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  clientTokenRoute,
  day,
  devicePageRoutes,
  installLocalProcessor,
  invoice,
  removeLocalProcessor,
  subscribedDevice,
  subscriptionView,
} from '../test/subscription-fixtures';

const TAB = '/devices/5?view=subscription';
const friendly = (iso: string) => dayjs(iso).format('MMMM D, YYYY');

afterEach(() => removeLocalProcessor());

/** The tab of a card customer (billing check 0) whose subscription answers `view` (read at each call). */
function cardCustomer(view: SubscriptionView | (() => SubscriptionView), routes: MockRoute[] = []) {
  signInAs();
  const read = typeof view === 'function' ? view : () => view;
  return mockApi([
    ...devicePageRoutes(),
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    { path: '/api/paymentprocessing/getSubscription', answer: () => ({ body: read() }) },
    ...routes,
  ]);
}

async function summary() {
  const heading = await screen.findByRole('heading', { name: 'Monitoring subscription' });
  return heading.closest('div.mantine-Paper-root') as HTMLElement;
}

const row = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

describe('the Subscription tab', () => {
  it('shows an Active card subscription: plan, status, next billing date, card type and last 4 (accounts-devices-billing §3, §4)', async () => {
    const view = subscriptionView();
    const api = cardCustomer(view);
    renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Plan')).toHaveTextContent('Monthly: $24.75 per month');
    expect(row(panel, 'Status')).toHaveTextContent('Active');
    expect(row(panel, 'Next billing date')).toHaveTextContent(friendly(view.NextBillingDate!));
    expect(row(panel, 'Card')).toHaveTextContent('Visa ending in 1111, expires 12/2030');
    expect(within(panel).getByRole('link', { name: 'Change plan' })).toHaveAttribute(
      'href',
      '/devices/5/subscription',
    );
    expect(within(panel).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Change card' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
    expect(
      api.find('GET', '/api/paymentprocessing/getSubscription')[0]!.query.get('subscriptionId'),
    ).toBe('31');
    expect(api.find('GET', '/api/subscriptions/getBillableSubscription/')).toHaveLength(0);
  });

  it('shows an annual plan with both amounts in 2 decimals (accounts-devices-billing §9)', async () => {
    cardCustomer(
      subscriptionView({ SubscriptionType: 'Annual', BillingAmount: '8.25', BillingFrequency: 12 }),
    );
    renderApp(TAB);
    expect(row(await summary(), 'Plan')).toHaveTextContent(
      'Annual: $99.00 per year ($8.25 per month)',
    );
  });

  it('shows a Suspended subscription with its expiration, and reactivates it through the card form with the nonce and device data (accounts-devices-billing §4)', async () => {
    const expiration = day(12);
    const suspended = subscriptionView({
      Active: false,
      Status: 'Suspended',
      ExpirationDate: expiration,
    });
    let current = suspended;
    const api = cardCustomer(
      () => current,
      [
        clientTokenRoute,
        {
          method: 'POST',
          path: '/api/subscriptions/31/reactivate/',
          answer: () => {
            current = subscriptionView();
            return { body: current };
          },
        },
      ],
    );
    installLocalProcessor();
    const { user } = renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Status')).toHaveTextContent('Suspended');
    expect(row(panel, 'Expiration')).toHaveTextContent(friendly(expiration));
    expect(row(panel, 'Next billing date')).toHaveTextContent('—');
    expect(within(panel).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate subscription' });
    await user.click(within(dialog).getByRole('radio', { name: 'Another card' }));
    await within(dialog).findByTitle('Card details');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(
      await within(dialog).findByText('Your subscription is active again.'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/subscriptions/31/reactivate/')[0]!.body).toEqual({
      PaymentNonce: 'tokencc_visa_1',
      DeviceData: null,
    });
    // Reloaded: the tab reads the subscription again.
    await waitFor(() => expect(row(panel, 'Status')).toHaveTextContent('Active'));
  });

  it('offers the card on file first, and reactivates with it without asking for a card (accounts-devices-billing §4, issue #24 item 13)', async () => {
    let current = subscriptionView({
      Active: false,
      Status: 'Suspended',
      ExpirationDate: day(12),
    });
    const api = cardCustomer(
      () => current,
      [
        clientTokenRoute,
        {
          method: 'POST',
          path: '/api/subscriptions/31/reactivate/',
          answer: () => {
            current = subscriptionView();
            return { body: current };
          },
        },
      ],
    );
    installLocalProcessor();
    const { user } = renderApp(TAB);
    const panel = await summary();
    await user.click(within(panel).getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate subscription' });
    expect(
      within(dialog).getByRole('radio', {
        name: 'The card on file: Visa ending in 1111, expires 12/2030',
      }),
    ).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Another card' })).not.toBeChecked();
    expect(within(dialog).queryByTitle('Card details')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(
      await within(dialog).findByText('Your subscription is active again.'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/subscriptions/31/reactivate/')[0]!.body).toEqual({});
    expect(api.find('GET', '/api/paymentprocessing/generateClientToken')).toHaveLength(0);
    await waitFor(() => expect(row(panel, 'Status')).toHaveTextContent('Active'));
  });

  it('asks for a card to reactivate when none is on file (accounts-devices-billing §4)', async () => {
    cardCustomer(
      subscriptionView({
        Active: false,
        Status: 'Suspended',
        ExpirationDate: day(12),
        PaymentCard: null,
      }),
      [clientTokenRoute],
    );
    installLocalProcessor();
    const { user } = renderApp(TAB);
    await user.click(within(await summary()).getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate subscription' });
    expect(await within(dialog).findByTitle('Card details')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('sends an expired subscription to the change route to reactivate (accounts-devices-billing §4)', async () => {
    cardCustomer(
      subscriptionView({ Active: false, Status: 'OutOfService', ExpirationDate: day(-3) }),
    );
    const { user, location } = renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Status')).toHaveTextContent('Out of service');
    await user.click(within(panel).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(location().pathname).toBe('/devices/5/subscription'));
  });

  it("shows a Pending subscription's own status, with neither suspend nor plan change (accounts-devices-billing §4)", async () => {
    cardCustomer(subscriptionView({ Active: false, Pending: true, Status: 'Pending activation' }));
    renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Status')).toHaveTextContent('Pending activation');
    expect(within(panel).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Change plan' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
  });

  it('offers no card update for a CancelledProfile (accounts-devices-billing §4)', async () => {
    cardCustomer(subscriptionView({ Active: false, Status: 'CancelledProfile' }));
    renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Status')).toHaveTextContent('Cancelled');
    expect(within(panel).queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks before suspending, and suspends only once confirmed (accounts-devices-billing §4)', async () => {
    const view = subscriptionView();
    let current = view;
    const api = cardCustomer(
      () => current,
      [
        {
          method: 'POST',
          path: '/api/subscriptions/31/suspend/',
          answer: () => {
            current = subscriptionView({
              Active: false,
              Status: 'Suspended',
              ExpirationDate: view.NextBillingDate,
            });
            return { body: current };
          },
        },
      ],
    );
    const { user } = renderApp(TAB);
    const panel = await summary();
    await user.click(within(panel).getByRole('button', { name: 'Suspend' }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend subscription' });
    expect(dialog).toHaveTextContent(
      `Monitoring continues until ${friendly(view.NextBillingDate!)}, then stops`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('POST', '/api/subscriptions/31/suspend/')).toHaveLength(0);
    expect(row(panel, 'Status')).toHaveTextContent('Active');

    await user.click(within(panel).getByRole('button', { name: 'Suspend' }));
    dialog = await screen.findByRole('dialog', { name: 'Suspend subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(row(panel, 'Status')).toHaveTextContent('Suspended'));
    expect(api.find('POST', '/api/subscriptions/31/suspend/')).toHaveLength(1);
    expect(row(panel, 'Expiration')).toHaveTextContent(friendly(view.NextBillingDate!));
  });

  it("shows the spec's message when suspending fails on the server (accounts-devices-billing §8)", async () => {
    cardCustomer(subscriptionView(), [
      { method: 'POST', path: '/api/subscriptions/31/suspend/', answer: errorAnswer(500, 'boom') },
    ]);
    const { user } = renderApp(TAB);
    const panel = await summary();
    await user.click(within(panel).getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend subscription' });
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveTextContent(
      'An error occurred while suspending your subscription.',
    );
  });
});

describe('the Subscription tab of a billed user', () => {
  function billedUser(
    view: SubscriptionView,
    invoicedNext: string | null,
    {
      billingCheck = 1,
      deviceType = 7,
      extra = [],
    }: { billingCheck?: number; deviceType?: number; extra?: MockRoute[] } = {},
  ) {
    signInAs();
    return mockApi([
      ...devicePageRoutes(subscribedDevice({ DeviceType: deviceType })),
      { path: '/api/users/checkBillingUser', answer: { body: billingCheck } },
      { path: '/api/subscriptions/getBillableSubscription/', answer: { body: view } },
      {
        path: '/api/subscriptions/checkIfInvoicedSubscription/',
        answer: { body: { NextBillingDate: invoicedNext } },
      },
      { path: '/api/subscriptions/31/invoices', answer: { body: [invoice()] } },
      ...extra,
    ]);
  }

  const invoiceView = (overrides: Partial<SubscriptionView> = {}) =>
    subscriptionView({
      SubscriptionType: 'Annual',
      BillingAmount: '8.25',
      BillingFrequency: 12,
      PaymentCard: null,
      ...overrides,
    });

  it('uses the billable lookup and shows invoices, with no card and no card capture (accounts-devices-billing §6)', async () => {
    const api = billedUser(
      invoiceView({ Active: false, Status: 'SuspendedProfile', ExpirationDate: day(30) }),
      null,
    );
    renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Status')).toHaveTextContent('Suspended');
    expect(row(panel, 'Payment')).toHaveTextContent('By invoice');
    expect(within(panel).queryByRole('rowheader', { name: 'Card' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    const first = within(invoices).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('100042');
    expect(first).toHaveTextContent('November 22, 2026 – November 21, 2027');
    expect(first).toHaveTextContent('December 22, 2026');
    expect(first).toHaveTextContent('$107.00');
    expect(api.find('GET', '/api/paymentprocessing/getSubscription')).toHaveLength(0);
    expect(api.find('GET', '/api/paymentprocessing/generateClientToken')).toHaveLength(0);
  });

  it('reactivates a suspended billed subscription without a card form (accounts-devices-billing §6)', async () => {
    const reactivated = billedUser(
      invoiceView({ Active: false, Status: 'SuspendedProfile', ExpirationDate: day(30) }),
      null,
      {
        extra: [
          {
            method: 'POST',
            path: '/api/subscriptions/31/reactivate/',
            answer: { body: invoiceView() },
          },
        ],
      },
    );
    const { user } = renderApp(TAB);
    const panel = await summary();
    await user.click(within(panel).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() =>
      expect(reactivated.find('POST', '/api/subscriptions/31/reactivate/')).toHaveLength(1),
    );
    expect(reactivated.find('POST', '/api/subscriptions/31/reactivate/')[0]!.body).toEqual({});
    expect(
      screen.queryByRole('dialog', { name: 'Reactivate subscription' }),
    ).not.toBeInTheDocument();
  });

  it('shows an invoiced subscription as Active with the invoiced next billing date, whatever the lookup says (accounts-devices-billing §4)', async () => {
    const next = day(40);
    billedUser(
      invoiceView({ Active: false, Status: 'OutOfService', NextBillingDate: day(-1) }),
      next,
      {
        billingCheck: 0,
        deviceType: 6,
      },
    );
    renderApp(TAB);
    const panel = await summary();
    expect(row(panel, 'Status')).toHaveTextContent('Active');
    expect(row(panel, 'Next billing date')).toHaveTextContent(friendly(next));
  });
});

describe('the Subscription tab without a subscription to manage', () => {
  it("tells a sub-account that the owner manages the device's subscription (accounts-devices-billing §6)", async () => {
    signInAs();
    const api = mockApi(devicePageRoutes(subscribedDevice({ SubAccountDevice: true })));
    renderApp(TAB);
    expect(
      await screen.findByText("The account owner manages this device's subscription."),
    ).toBeInTheDocument();
    expect(api.find('GET', '/api/paymentprocessing/getSubscription')).toHaveLength(0);
  });

  it('tells the owner of a test device that it needs none (accounts-devices-billing §4)', async () => {
    signInAs();
    mockApi(devicePageRoutes(subscribedDevice({ DeviceType: 2, SubscriptionId: null })));
    renderApp(TAB);
    expect(
      await screen.findByText('This is a test device: it needs no subscription.'),
    ).toBeInTheDocument();
  });
});
