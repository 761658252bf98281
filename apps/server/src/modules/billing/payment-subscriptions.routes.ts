import { actorOf } from '../accounts/sessions.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaymentNonceAnswer,
  PaymentNonceQuery,
  SubscriptionChange,
  SubscriptionChanged,
  SubscriptionIdParams,
  SubscriptionIdQuery,
  SubscriptionReactivation,
  SubscriptionRequest,
  SubscriptionSaved,
  SubscriptionView,
} from '@monitor/contract/subscriptions';
import { requireSelf } from '../../platform/http/auth';
import { saveSubscription } from './subscriptions-save.service';
import {
  changeSubscription,
  getPaymentNonce,
  reactivateOwnSubscription,
  suspendOwnSubscription,
} from './subscriptions-lifecycle.service';
import { getSubscription } from './subscriptions.service';
import { SENDS_CARD } from '../../platform/http/rate-limits';
import { IdempotencyHeaders } from './subscriptions.routes';

/**
 * The subscription calls of the payment catalogue under /api/paymentprocessing/
 * (accounts-devices-billing §7, store-and-public-site §7 "Payment"): the same services as
 * /api/subscriptions/, plus the management view and a nonce for a vaulted card. Owner only.
 */
export const paymentSubscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/paymentprocessing/saveSubscription',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['payment processing'],
        summary: 'Subscribe a device to a plan (as POST /api/subscriptions)',
        headers: IdempotencyHeaders,
        body: SubscriptionRequest,
        response: { 200: SubscriptionSaved },
      },
    },
    async (request) => {
      requireSelf(request, request.body.UserId);
      return saveSubscription(app.ctx, {
        callerId: request.caller.userId,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      });
    },
  );

  app.get(
    '/api/paymentprocessing/getSubscription',
    {
      schema: {
        tags: ['payment processing'],
        summary: 'A subscription, management view, with the status the screen shows',
        querystring: SubscriptionIdQuery,
        response: { 200: SubscriptionView },
      },
    },
    async (request) =>
      getSubscription(app.ctx, {
        callerId: request.caller.userId,
        subscriptionId: request.query.subscriptionId,
      }),
  );

  app.put(
    '/api/paymentprocessing/:Id/updateSubscription',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['payment processing'],
        summary: 'Change the plan (as PUT /api/subscriptions/{Id})',
        params: SubscriptionIdParams,
        body: SubscriptionChange,
        response: { 200: SubscriptionChanged },
      },
    },
    async (request) =>
      changeSubscription(app.ctx, {
        callerId: request.caller.userId,
        actorId: actorOf(request.caller),
        subscriptionId: request.params.Id,
        input: request.body,
      }),
  );

  app.post(
    '/api/paymentprocessing/:Id/suspendSubscription',
    {
      schema: {
        tags: ['payment processing'],
        summary: 'Suspend (as POST /api/subscriptions/{Id}/suspend)',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionView },
      },
    },
    async (request) =>
      suspendOwnSubscription(app.ctx, {
        callerId: request.caller.userId,
        actorId: actorOf(request.caller),
        subscriptionId: request.params.Id,
      }),
  );

  app.post(
    '/api/paymentprocessing/:Id/reactivateSubscription',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['payment processing'],
        summary: 'Reactivate with a nonce and device data (card-vault variant, §4)',
        params: SubscriptionIdParams,
        body: SubscriptionReactivation.nullish(),
        response: { 200: SubscriptionView },
      },
    },
    async (request) =>
      reactivateOwnSubscription(app.ctx, {
        callerId: request.caller.userId,
        actorId: actorOf(request.caller),
        subscriptionId: request.params.Id,
        input: request.body ?? {},
      }),
  );

  app.get(
    '/api/paymentprocessing/getPaymentNonce',
    {
      schema: {
        tags: ['payment processing'],
        summary: "A single-use nonce for the caller's vaulted card (by its PaymentMethodToken)",
        querystring: PaymentNonceQuery,
        response: { 200: PaymentNonceAnswer },
      },
    },
    async (request) =>
      getPaymentNonce(app.ctx, {
        callerId: request.caller.userId,
        token: request.query.subscriptionToken,
      }),
  );
};
