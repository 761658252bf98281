import type { PushSubscription, PushSubscriptionInput } from '@monitor/contract/push';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { isPushServiceEndpoint } from './push-endpoints';
import {
  deleteUserPushSubscription,
  findUserPushSubscriptions,
  upsertPushSubscription,
  type PushSubscriptionRow,
} from './push-subscriptions.repository';

/** The caller's browsers (issue #27): each is the caller's alone (decision 082). */

export const PUSH_SERVICE_REFUSED =
  "Endpoint: this browser's push service is not one we send notifications to.";
export const PUSH_SUBSCRIPTION_NOT_FOUND = 'This browser is not among yours.';

function toPushSubscription(row: PushSubscriptionRow): PushSubscription {
  return {
    Id: row.id,
    Name: row.name,
    Endpoint: row.endpoint,
    CreatedAt: row.created_at.toISOString(),
  };
}

export async function listPushSubscriptions(
  ctx: AppContext,
  userId: number,
): Promise<PushSubscription[]> {
  return (await findUserPushSubscriptions(ctx.db, userId)).map(toPushSubscription);
}

/** Saves this browser for the caller; a push service the server does not send to is a 400. */
export async function savePushSubscription(
  ctx: AppContext,
  { userId, input }: { userId: number; input: PushSubscriptionInput },
): Promise<PushSubscription> {
  if (!isPushServiceEndpoint(input.Endpoint, ctx.config.push))
    throw badRequest(PUSH_SERVICE_REFUSED);
  const row = await upsertPushSubscription(ctx.db, {
    user_id: userId,
    endpoint: input.Endpoint,
    p256dh: input.Keys.P256dh,
    auth: input.Keys.Auth,
    name: input.Name,
  });
  return toPushSubscription(row);
}

/** Removes one of the caller's browsers; another user's, or none, is a 404 (no hint it exists). */
export async function removePushSubscription(
  ctx: AppContext,
  { userId, id }: { userId: number; id: number },
): Promise<void> {
  if (!(await deleteUserPushSubscription(ctx.db, { id, userId })))
    throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
}
