import { toIsoDate, type IsoDate } from '@monitor/domain/shared/calendar-date';

/** The billing day: today in New York, as the server counts it (modules/billing/billing-day.ts). */
export function billingToday(now: Date = new Date()): IsoDate {
  return toIsoDate(now, 'America/New_York');
}
