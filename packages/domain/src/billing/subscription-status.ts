import type { IsoDate } from '../shared/calendar-date';

/** The status of a suspended billable profile (accounts-devices-billing §4). */
export const SUSPENDED_PROFILE = 'SuspendedProfile';
/** The status of a cancelled profile, whose card is not updated (accounts-devices-billing §3, §4). */
export const CANCELLED_PROFILE = 'CancelledProfile';

/** The management view of a subscription, as far as status display needs it (accounts-devices-billing §3). */
export type SubscriptionView = {
  isActive: boolean;
  isPending: boolean;
  status: string | null;
  expirationDate: IsoDate | null;
  nextBillingDate: IsoDate | null;
};

export type SubscriptionDisplayStatus = 'Active' | 'Suspended' | 'OutOfService' | 'Pending';

export type SubscriptionStatusDisplay = {
  status: SubscriptionDisplayStatus;
  /** What the screen shows: the status, or a pending subscription's own Status text. */
  label: string;
  /** Set to SuspendedProfile for a suspended billable subscription. */
  profileStatus: string | null;
};

function hasFutureExpiration(view: SubscriptionView, today: IsoDate): boolean {
  return view.expirationDate !== null && view.expirationDate > today;
}

/**
 * The status a subscription shows (accounts-devices-billing §4), in this order:
 * 1. invoiced (the invoiced check returned a next billing date): always Active;
 * 2. pending: its own Status;
 * 3. billable (billed user): Suspended with profile status SuspendedProfile while the expiration is
 *    ahead, otherwise OutOfService — the Active flag is not consulted;
 * 4. Active when Active is true; otherwise Suspended while the expiration is ahead, else OutOfService.
 * "Ahead" means a later day than today.
 */
export function computeSubscriptionStatus(input: {
  subscription: SubscriptionView;
  today: IsoDate;
  isBillable?: boolean;
  invoicedNextBillingDate?: IsoDate | null;
}): SubscriptionStatusDisplay {
  const { subscription, today, isBillable = false, invoicedNextBillingDate = null } = input;
  if (invoicedNextBillingDate) return { status: 'Active', label: 'Active', profileStatus: null };
  if (subscription.isPending) {
    return {
      status: 'Pending',
      label: subscription.status?.trim() || 'Pending',
      profileStatus: null,
    };
  }
  if (isBillable) {
    return hasFutureExpiration(subscription, today)
      ? { status: 'Suspended', label: 'Suspended', profileStatus: SUSPENDED_PROFILE }
      : { status: 'OutOfService', label: 'OutOfService', profileStatus: null };
  }
  if (subscription.isActive) return { status: 'Active', label: 'Active', profileStatus: null };
  return hasFutureExpiration(subscription, today)
    ? { status: 'Suspended', label: 'Suspended', profileStatus: null }
    : { status: 'OutOfService', label: 'OutOfService', profileStatus: null };
}

/**
 * Suspending (accounts-devices-billing §4): the subscription becomes inactive and runs out on its
 * next billing date.
 */
export function suspendSubscription<T extends SubscriptionView>(subscription: T): T {
  return { ...subscription, isActive: false, expirationDate: subscription.nextBillingDate };
}

/** False for a cancelled profile, whose card is not updated (accounts-devices-billing §4). */
export function canUpdateCard(subscription: Pick<SubscriptionView, 'status'>): boolean {
  return subscription.status !== CANCELLED_PROFILE;
}

/**
 * Where reactivation goes in the card-vault variant (accounts-devices-billing §4): to the
 * change-subscription route once the expiration has passed (or there is none), otherwise to the
 * card payment form. As in the status display, an expiration of today counts as passed.
 */
export function chooseReactivationRoute(input: {
  expirationDate: IsoDate | null;
  today: IsoDate;
}): 'changeSubscription' | 'cardPayment' {
  const { expirationDate, today } = input;
  return expirationDate && expirationDate > today ? 'cardPayment' : 'changeSubscription';
}
