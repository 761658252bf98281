import { describe, expect, it } from 'vitest';
import { parseIsoDate, type IsoDate } from '../shared/calendar-date';
import {
  CANCELLED_PROFILE,
  canUpdateCard,
  chooseReactivationRoute,
  computeSubscriptionStatus,
  suspendSubscription,
  type SubscriptionView,
} from './subscription-status';

const d = (value: string) => parseIsoDate(value) as IsoDate;
const today = d('2026-06-15');

const view = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  isActive: false,
  isPending: false,
  status: null,
  expirationDate: null,
  nextBillingDate: d('2026-07-01'),
  ...over,
});

describe('computeSubscriptionStatus', () => {
  it('shows Active when Active is true (accounts-devices-billing §4)', () => {
    expect(computeSubscriptionStatus({ subscription: view({ isActive: true }), today })).toEqual({
      status: 'Active',
      label: 'Active',
      profileStatus: null,
    });
  });

  it('shows Suspended when inactive with the expiration still ahead', () => {
    expect(
      computeSubscriptionStatus({ subscription: view({ expirationDate: d('2026-06-16') }), today })
        .status,
    ).toBe('Suspended');
  });

  it('shows OutOfService when inactive and expired, expiring today, or with no expiration', () => {
    for (const expirationDate of [d('2026-06-14'), today, null]) {
      expect(
        computeSubscriptionStatus({ subscription: view({ expirationDate }), today }).status,
      ).toBe('OutOfService');
    }
  });

  it('shows a pending subscription its own Status', () => {
    const subscription = view({
      isPending: true,
      status: 'Awaiting first payment',
      isActive: true,
    });
    expect(computeSubscriptionStatus({ subscription, today })).toEqual({
      status: 'Pending',
      label: 'Awaiting first payment',
      profileStatus: null,
    });
    expect(
      computeSubscriptionStatus({ subscription: view({ isPending: true }), today }).label,
    ).toBe('Pending');
  });

  it('always shows an invoiced subscription as Active (accounts-devices-billing §4)', () => {
    const expired = view({ expirationDate: d('2020-01-01'), isPending: true, status: 'Whatever' });
    expect(
      computeSubscriptionStatus({
        subscription: expired,
        today,
        isBillable: true,
        invoicedNextBillingDate: d('2026-07-01'),
      }),
    ).toEqual({ status: 'Active', label: 'Active', profileStatus: null });
  });

  it('shows a billable subscription with a future expiration as Suspended, profile SuspendedProfile', () => {
    for (const isActive of [true, false]) {
      const subscription = view({ isActive, expirationDate: d('2026-12-31') });
      expect(
        computeSubscriptionStatus({
          subscription,
          today,
          isBillable: true,
          invoicedNextBillingDate: null,
        }),
      ).toEqual({
        status: 'Suspended',
        label: 'Suspended',
        profileStatus: 'SuspendedProfile',
      });
    }
  });

  it('shows an expired billable subscription that is not invoiced as OutOfService', () => {
    const subscription = view({ isActive: true, expirationDate: d('2026-01-01') });
    expect(computeSubscriptionStatus({ subscription, today, isBillable: true }).status).toBe(
      'OutOfService',
    );
  });
});

describe('suspendSubscription', () => {
  it('makes the subscription inactive, expiring on its next billing date (accounts-devices-billing §4)', () => {
    const suspended = suspendSubscription(view({ isActive: true, expirationDate: null }));
    expect(suspended.isActive).toBe(false);
    expect(suspended.expirationDate).toBe('2026-07-01');
    expect(computeSubscriptionStatus({ subscription: suspended, today }).status).toBe('Suspended');
  });
});

describe('canUpdateCard', () => {
  it('skips the card update for a CancelledProfile subscription (accounts-devices-billing §4)', () => {
    expect(canUpdateCard({ status: CANCELLED_PROFILE })).toBe(false);
    expect(canUpdateCard({ status: 'SuspendedProfile' })).toBe(true);
    expect(canUpdateCard({ status: null })).toBe(true);
  });
});

describe('chooseReactivationRoute', () => {
  it('goes to the change route once the expiration has passed, else to the card form (accounts-devices-billing §4)', () => {
    expect(chooseReactivationRoute({ expirationDate: d('2026-06-14'), today })).toBe(
      'changeSubscription',
    );
    expect(chooseReactivationRoute({ expirationDate: today, today })).toBe('changeSubscription');
    expect(chooseReactivationRoute({ expirationDate: null, today })).toBe('changeSubscription');
    expect(chooseReactivationRoute({ expirationDate: d('2026-06-16'), today })).toBe('cardPayment');
  });
});
