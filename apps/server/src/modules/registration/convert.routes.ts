import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/sessions.service';
import {
  CancelOldSubscriptionRequest,
  ConvertSubscriptionRequest,
  ConvertSubscriptionResult,
  SendEmailForSwitchRequest,
  SwitchEmailQueued,
} from '@monitor/contract/registration';
import {
  OldProfileSubscriptionList,
  OldProfileSubscriptionsQuery,
} from '@monitor/contract/old-profiles';
import { SubscriptionView } from '@monitor/contract/subscriptions';
import { requireSelf } from '../../platform/http/auth';
import { cancelOldSubscription, convertToCardProvider } from './convert.service';
import { listOldProfileSubscriptions } from './old-profiles.service';
import { SENDS_CARD } from '../../platform/http/rate-limits';
import { sendEmailForSwitch } from './subscription-switch.service';

const tags = ['payment processing'];

/** The convert-to-card-provider flow for old payment-profile customers (accounts-devices-billing §4, §7). */
export const convertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/paymentprocessing/getOldProfileSubscriptions',
    {
      schema: {
        tags,
        summary:
          "The caller's old payment-profile subscriptions still in force, with their units: what the convert flow moves to the card provider",
        querystring: OldProfileSubscriptionsQuery,
        response: { 200: OldProfileSubscriptionList },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return listOldProfileSubscriptions(app.ctx, { callerId: request.caller.userId });
    },
  );

  app.post(
    '/api/paymentprocessing/cancelOldSubscription',
    {
      schema: {
        tags,
        summary:
          "Cancel the caller's old payment-profile subscription: [subscription id, user id]; it shows CancelledProfile",
        body: CancelOldSubscriptionRequest,
        response: { 200: SubscriptionView },
      },
    },
    async (request) => {
      const [subscriptionId, userId] = request.body;
      return cancelOldSubscription(app.ctx, {
        callerId: request.caller.userId,
        subscriptionId,
        userId,
      });
    },
  );

  app.post(
    '/api/paymentprocessing/sendEmailForSwitch',
    {
      schema: {
        tags,
        summary:
          'Send the subscription switch e-mail: [old subscription id, new subscription id, user id, serial]',
        body: SendEmailForSwitchRequest,
        response: { 200: SwitchEmailQueued },
      },
    },
    async (request) => {
      const [oldSubscriptionId, newSubscriptionId, userId, serialNumber] = request.body;
      const DeliveryId = await sendEmailForSwitch(app.ctx, {
        callerId: request.caller.userId,
        oldSubscriptionId,
        newSubscriptionId,
        userId,
        serialNumber,
      });
      return { ok: true as const, DeliveryId };
    },
  );

  app.post(
    '/api/paymentprocessing/convertToCardProvider',
    {
      config: SENDS_CARD,
      schema: {
        tags,
        summary:
          'The whole convert-to-card-provider flow: verify address, first active device, new start, new subscription, old cancelled, switch e-mail, user and billing address',
        body: ConvertSubscriptionRequest,
        response: { 200: ConvertSubscriptionResult },
      },
    },
    async (request) => {
      return convertToCardProvider(app.ctx, {
        callerId: request.caller.userId,
        actorId: actorOf(request.caller),
        input: request.body,
        log: request.log,
      });
    },
  );
};
