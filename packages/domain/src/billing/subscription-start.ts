import { addDays, addMonths, type DateRange, type IsoDate } from '../shared/calendar-date';
import type { PlanType } from './subscriptions';

/** Refusals of the start-date rules (accounts-devices-billing §4). */
export const SUBSCRIPTION_START_MESSAGES = {
  /** Wording ours: the spec says only that an error is shown (accounts-devices-billing §4). */
  seasonalPeriodEnded:
    'Your current seasonal period has already ended, so a new start date cannot be set. Please contact customer service.',
  /** Wording ours, for the rule that an in-season subscription cannot be modified (§4). */
  seasonInProgress:
    'A seasonal subscription cannot be changed while its season is in progress. Please try again after the season ends.',
} as const;

/** The last day of a seasonal subscription: start plus its months, less a day (accounts-devices-billing §4). */
export function computeSeasonalEndDate(startDate: IsoDate, billingFrequency: number): IsoDate {
  return addDays(addMonths(startDate, billingFrequency), -1);
}

/**
 * Annual start (accounts-devices-billing §4): the day after the current end while the subscription
 * is still active (active and not past its end), otherwise today.
 */
export function computeAnnualStart(input: {
  isActive: boolean;
  endDate: IsoDate | null;
  today: IsoDate;
}): IsoDate {
  const { isActive, endDate, today } = input;
  return isActive && endDate && endDate >= today ? addDays(endDate, 1) : today;
}

/** Monthly start (accounts-devices-billing §4): the next billing date when it is still ahead, otherwise today. */
export function computeMonthlyStart(input: {
  nextBillingDate: IsoDate | null;
  today: IsoDate;
}): IsoDate {
  const { nextBillingDate, today } = input;
  return nextBillingDate && nextBillingDate > today ? nextBillingDate : today;
}

/** The season a seasonal subscription covers: its start through start plus its months, less a day. */
export type SeasonalPeriod = { startDate: IsoDate; billingFrequency: number };

export type SubscriptionStart =
  | { isKnown: true; startDate: IsoDate }
  | { isKnown: false; reason: 'seasonalPeriodEnded'; message: string };

/**
 * Seasonal start (accounts-devices-billing §4): before the season, the season's start; during it,
 * 12 months after its start (next year's season); after it, no start, and an error is shown.
 */
export function computeSeasonalStart(
  input: SeasonalPeriod & { today: IsoDate },
): SubscriptionStart {
  const { startDate, billingFrequency, today } = input;
  if (today < startDate) return { isKnown: true, startDate };
  if (today <= computeSeasonalEndDate(startDate, billingFrequency)) {
    return { isKnown: true, startDate: addMonths(startDate, 12) };
  }
  return {
    isKnown: false,
    reason: 'seasonalPeriodEnded',
    message: SUBSCRIPTION_START_MESSAGES.seasonalPeriodEnded,
  };
}

/** What the new start depends on, by plan type. */
export type CurrentSubscription = {
  isActive: boolean;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  nextBillingDate: IsoDate | null;
  billingFrequency: number;
};

/**
 * The start of a new subscription of `planType` replacing `current` (accounts-devices-billing §4,
 * used by the convert-to-card-provider flow). A seasonal plan with no current season starts today.
 */
export function computeSubscriptionStart(input: {
  planType: PlanType;
  current: CurrentSubscription;
  today: IsoDate;
}): SubscriptionStart {
  const { planType, current, today } = input;
  switch (planType) {
    case 'Annual':
      return { isKnown: true, startDate: computeAnnualStart({ ...current, today }) };
    case 'Monthly':
      return { isKnown: true, startDate: computeMonthlyStart({ ...current, today }) };
    case 'Seasonal':
      return current.startDate
        ? computeSeasonalStart({
            startDate: current.startDate,
            billingFrequency: current.billingFrequency,
            today,
          })
        : { isKnown: true, startDate: today };
  }
}

/**
 * False while a seasonal subscription is in season, from its start date up to (not including)
 * start plus its months (accounts-devices-billing §4): it cannot be modified then.
 */
export function canModifySeasonalSubscription(input: SeasonalPeriod & { today: IsoDate }): boolean {
  const { startDate, billingFrequency, today } = input;
  return today < startDate || today >= addMonths(startDate, billingFrequency);
}

/** How far ahead a seasonal start may be picked (accounts-devices-billing §5). */
export const SEASONAL_START_MONTHS_AHEAD = 9;
/** How far back a new device's seasonal start may be picked (accounts-devices-billing §5). */
export const SEASONAL_START_MONTHS_BACK_NEW_DEVICE = 6;

/**
 * The days the seasonal start picker offers (accounts-devices-billing §5). A new device: 6 months
 * back to 9 months ahead of today. An existing subscription: from today, or from the next billing
 * date when that is later, up to 9 months after that first day.
 */
export function computeSeasonalStartRange(input: {
  today: IsoDate;
  isNewDevice: boolean;
  nextBillingDate?: IsoDate | null;
}): DateRange {
  const { today, isNewDevice, nextBillingDate } = input;
  if (isNewDevice) {
    return {
      min: addMonths(today, -SEASONAL_START_MONTHS_BACK_NEW_DEVICE),
      max: addMonths(today, SEASONAL_START_MONTHS_AHEAD),
    };
  }
  const min = nextBillingDate && nextBillingDate > today ? nextBillingDate : today;
  return { min, max: addMonths(min, SEASONAL_START_MONTHS_AHEAD) };
}
