import { actorOf } from '../accounts/sessions.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PlanChangePreview,
  PlanChangePreviewRequest,
  SubscriptionChange,
  SubscriptionChanged,
  SubscriptionIdParams,
  SubscriptionReactivation,
  SubscriptionRequest,
  SubscriptionSaved,
  SubscriptionView,
} from '@monitor/contract/subscriptions';
import { requireSelf } from '../../platform/http/auth';
import { saveSubscription } from './subscriptions-save.service';
import { SENDS_CARD } from '../../platform/http/rate-limits';
import { previewPlanChange } from './plan-change-pricing';
import {
  changeSubscription,
  reactivateOwnSubscription,
  suspendOwnSubscription,
} from './subscriptions-lifecycle.service';

/** The client's key for one submit: a repeat with the same key answers the first (decision 033). */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
});

/**
 * Subscriptions under /api/subscriptions/ (accounts-devices-billing §3, §4, §7); the same calls
 * under /api/paymentprocessing/ are in payment-subscriptions.routes.ts. Owner only.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/subscriptions',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscribe a device to a plan (card by nonce; billed types by invoice)',
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

  app.put(
    '/api/subscriptions/:Id',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['subscriptions'],
        summary: 'Change the plan (start by the rules of §4), optionally the card',
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
    '/api/subscriptions/:Id/previewChange',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "Price a plan change before it is made (read-only: the change's own rules)",
        params: SubscriptionIdParams,
        body: PlanChangePreviewRequest,
        response: { 200: PlanChangePreview },
      },
    },
    async (request) =>
      previewPlanChange(app.ctx, {
        callerId: request.caller.userId,
        subscriptionId: request.params.Id,
        input: request.body,
      }),
  );

  app.post(
    '/api/subscriptions/:Id/suspend',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Suspend: inactive, expiring on the next billing date',
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
    '/api/subscriptions/:Id/reactivate',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['subscriptions'],
        summary: 'Reactivate a suspended subscription, optionally with a new card',
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
};
