import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/sessions.service';
import {
  CardInfo,
  CardInfoParams,
  CardUpdate,
  CardValidated,
  CardValidation,
} from '@monitor/contract/subscriptions';
import { requireSelf } from '../../platform/http/auth';
import { SENDS_CARD } from '../../platform/http/rate-limits';
import { getCardInfo, updateCreditCard, validateCard } from './payment-cards.service';

/** The user's card (accounts-devices-billing §3 "Card info", §4, §7); cards come only as nonces. */
export const paymentCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscriptions/getusercreditcardinfo/:userId',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's card: type, last 4, expiry and the subscriptions it pays",
        params: CardInfoParams,
        response: { 200: CardInfo },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return getCardInfo(app.ctx, { userId: request.params.userId });
    },
  );

  app.put(
    '/api/subscriptions/updatecreditcard',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['subscriptions'],
        summary: 'A new card (nonce) for every card subscription but cancelled profiles',
        body: CardUpdate,
        response: { 200: CardInfo },
      },
    },
    async (request) => {
      const session = requireSelf(request, request.body.UserId);
      return updateCreditCard(app.ctx, {
        input: request.body,
        // Staff acting as the customer are named as themselves in the audit log (issue #22).
        actorId: actorOf(session),
      });
    },
  );

  app.post(
    '/api/subscriptions/validatecard',
    {
      config: SENDS_CARD,
      schema: {
        tags: ['subscriptions'],
        summary: "Verify a nonce's card with its issuer without keeping it",
        body: CardValidation,
        response: { 200: CardValidated },
      },
    },
    async (request) => {
      requireSelf(request, request.body.UserId);
      return validateCard(app.ctx, { input: request.body });
    },
  );
};
