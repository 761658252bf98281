import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProSubscriptionOptions,
  ProSubscriptionOptionsQuery,
  SubscriptionOptionList,
  SubscriptionOptionsParams,
  SubscriptionOptionsQuery,
} from '@monitor/contract/subscriptions';
import { requireSelf } from '../../platform/http/auth';
import { getProSubscriptionOptions, listSubscriptionOptions } from './subscription-options.service';

/** Plans (accounts-devices-billing §3 "Billing plan option", §4 plan tenant, §7, §9). */
export const subscriptionOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscriptions/options/:tenantId',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          "A tenant's plans, Monthly first and Annual last; serial= the device's plan tenant",
        params: SubscriptionOptionsParams,
        querystring: SubscriptionOptionsQuery,
        response: { 200: SubscriptionOptionList },
      },
    },
    async (request) =>
      listSubscriptionOptions(app.ctx, {
        tenantId: request.params.tenantId,
        serial: request.query.serial,
        isPro: request.query.pro === 'true',
      }),
  );

  app.get(
    '/api/users/getProSubscriptionOptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "A device's pro flag, type, tenant and code, and the plan tenant they give",
        querystring: ProSubscriptionOptionsQuery,
        response: { 200: ProSubscriptionOptions },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.query.userId);
      return getProSubscriptionOptions(app.ctx, {
        callerId: caller.userId,
        serial: request.query.serial,
      });
    },
  );
};
