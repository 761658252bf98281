import dayjs from 'dayjs';
import { vi } from 'vitest';
import type { SubscriptionInvoice, SubscriptionView } from '@monitor/contract/subscriptions';
import type { UserDevice } from '@monitor/contract/user-devices';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import type { MockRoute } from '../../../test/mock-api';

/** A day counted from today, as the server writes days: YYYY-MM-DD. */
export const day = (offsetDays: number) => dayjs().add(offsetDays, 'day').format('YYYY-MM-DD');

export const SUBSCRIPTION_ID = 31;
export const DEVICE_PATH = '/api/users/7/devices/5';

/** The demo user's unit 5, a card-paying type 1 device with subscription 31. */
export function subscribedDevice(overrides: Partial<UserDevice> = {}): UserDevice {
  return makeDevice({
    Id: 5,
    UserId: 7,
    DeviceType: 1,
    SubscriptionId: SUBSCRIPTION_ID,
    ...overrides,
  });
}

/** An Active monthly card subscription at $24.75, paid by a Visa ending in 1111. */
export function subscriptionView(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    Id: SUBSCRIPTION_ID,
    UserId: 7,
    UserDeviceId: 5,
    Active: true,
    Pending: false,
    Status: 'Active',
    ExpirationDate: null,
    NextBillingDate: day(20),
    PaymentStartDate: day(-10),
    EndDate: null,
    SubscriptionType: 'Monthly',
    BillingAmount: '24.75',
    BillingFrequency: 1,
    PaymentCard: { Type: 'Visa', Last4: '1111', ExpirationMonth: 12, ExpirationYear: 2030 },
    ...overrides,
  };
}

export function invoice(overrides: Partial<SubscriptionInvoice> = {}): SubscriptionInvoice {
  return {
    InvoiceNumber: '100042',
    PeriodStart: '2026-11-22',
    PeriodEnd: '2027-11-21',
    IssuedOn: '2026-11-22',
    DueDate: '2026-12-22',
    SubTotal: '99.00',
    Tax: '8.00',
    AmountDue: '107.00',
    ...overrides,
  };
}

/** The calls the device detail page makes besides the subscription's. */
export function devicePageRoutes(device: UserDevice = subscribedDevice()): MockRoute[] {
  return [
    { path: DEVICE_PATH, answer: { body: device } },
    { method: 'POST', path: /\/api\/devices\/.*\/sendtext\/RPT/, answer: { body: { ok: true } } },
    { path: '/api/notifications', answer: { body: [] } },
  ];
}

const localToken = btoa(JSON.stringify({ version: 2, environment: 'local' }));

export const clientTokenRoute: MockRoute = {
  path: '/api/paymentprocessing/generateClientToken',
  answer: { body: { ClientToken: localToken } },
};

/**
 * The local processor's client as its script defines it: its frame is an empty iframe here and
 * tokenize answers the nonce a typed Visa would give (no card number ever reaches the page).
 */
export function installLocalProcessor(
  tokenize: () => Promise<unknown> = async () => ({
    nonce: 'tokencc_visa_1',
    details: { cardType: 'Visa', lastFour: '1111' },
  }),
) {
  const create = vi.fn(async ({ container }: { container: HTMLElement }) => {
    const frame = document.createElement('iframe');
    frame.title = 'Card details';
    container.append(frame);
    return { tokenize, teardown: vi.fn(async () => frame.remove()) };
  });
  window.localProcessor = { hostedFields: { create } } as unknown as Window['localProcessor'];
  return create;
}

export function removeLocalProcessor() {
  delete window.localProcessor;
}
