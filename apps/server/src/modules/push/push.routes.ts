import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import {
  PushPublicKey,
  PushSubscription,
  PushSubscriptionInput,
  PushSubscriptionList,
  PushSubscriptionParams,
} from '@monitor/contract/push';
import {
  listPushSubscriptions,
  removePushSubscription,
  savePushSubscription,
} from './push-subscriptions.service';
import { getVapidKeys } from './vapid-keys';

const tags = ['push'];

/**
 * Push notifications to the caller's browsers (issue #27, decision 082), in the authenticated
 * scope: a subscription is made from a signed-in page, and each is its user's alone.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/push/publickey',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, the applicationServerKey of a push subscription",
        response: { 200: PushPublicKey },
      },
    },
    async () => ({
      PublicKey: (await getVapidKeys(app.ctx.db, app.ctx.config.push)).publicKey,
    }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: "The caller's browsers that receive push notifications",
        response: { 200: PushSubscriptionList },
      },
    },
    async (request) => ({
      subscriptions: await listPushSubscriptions(app.ctx, request.caller.userId),
    }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Save this browser's push subscription for the caller, named",
        body: PushSubscriptionInput,
        response: { 200: PushSubscription },
      },
    },
    async (request) =>
      savePushSubscription(app.ctx, { userId: request.caller.userId, input: request.body }),
  );

  app.delete(
    '/api/push/subscriptions/:Id',
    {
      schema: {
        tags,
        summary: "Remove one of the caller's browsers",
        params: PushSubscriptionParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await removePushSubscription(app.ctx, {
        userId: request.caller.userId,
        id: request.params.Id,
      });
      return { ok: true as const };
    },
  );
};
