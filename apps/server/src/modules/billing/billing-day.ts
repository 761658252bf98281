import { toIsoDate, type IsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../context';

/**
 * The zone billing days are counted in: the brand's Eastern time (decision 033). A subscription
 * started, due or expiring "today" means today in New York, for every caller and the billing run.
 */
export const BILLING_TIME_ZONE = 'America/New_York';

/** Today as a billing day, from the context's clock. */
export function billingToday(ctx: Pick<AppContext, 'now'>): IsoDate {
  return toIsoDate(ctx.now(), BILLING_TIME_ZONE);
}
