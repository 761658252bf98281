import { z } from 'zod';
import { IdParam } from './common';
import { SubscriptionView } from './subscriptions';

/** Query of GET /api/paymentprocessing/getOldProfileSubscriptions: the caller's own id. */
export const OldProfileSubscriptionsQuery = z.object({ userId: IdParam });

/**
 * The caller's old payment-profile subscriptions still in force (accounts-devices-billing §4
 * "Convert-to-card-provider flow"), each with the unit it pays for: what the account page offers
 * to move to the card provider. Empty for everyone else.
 */
export const OldProfileSubscriptionList = z.array(
  z.object({
    Subscription: SubscriptionView,
    UserDeviceId: z.number().int().nullable(),
    DeviceName: z.string().nullable(),
    SerialNumber: z.string().nullable(),
  }),
);
export type OldProfileSubscription = z.infer<typeof OldProfileSubscriptionList>[number];
