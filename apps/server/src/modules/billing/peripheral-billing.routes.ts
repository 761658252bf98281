import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdempotencyKey,
  PeripheralSubscriptionDetails,
  PeripheralSubscriptionQuery,
  PeripheralUpfrontCharge,
  PeripheralUpfrontChargeInput,
  RecurringPayment,
  RecurringPaymentInput,
} from '@monitor/contract/peripheral-billing';
import {
  getPeripheralSubscriptionDetails,
  recalculateRecurringPayment,
  submitPeripheralUpfrontCharge,
} from './peripheral-billing.service';
import { SENDS_CARD } from '../../platform/http/rate-limits';
import { badRequest } from '../../platform/errors';

const tags = ['peripheral billing'];

/** SPuck billing (store-and-public-site §7 "Payment", decision 036): the unit's owner only. */
export const peripheralBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/paymentprocessing/getPeripheralSubscriptionDetails',
    {
      schema: {
        tags,
        summary: "A unit's subscription as its pucks bill it (userDeviceId, deviceId)",
        querystring: PeripheralSubscriptionQuery,
        response: { 200: PeripheralSubscriptionDetails },
      },
    },
    async (request) =>
      getPeripheralSubscriptionDetails(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.userDeviceId,
        ...(request.query.deviceId !== undefined && { deviceId: request.query.deviceId }),
      }),
  );

  app.post(
    '/api/paymentprocessing/submitPeripheralUpfrontCharge',
    {
      config: SENDS_CARD,
      schema: {
        tags,
        summary: 'Charge pucks up front, once per Idempotency-Key',
        body: PeripheralUpfrontChargeInput,
        response: { 200: PeripheralUpfrontCharge },
      },
    },
    async (request) => {
      // Read here, after sign-in is checked: a header schema would answer 400 before 401.
      const key = IdempotencyKey.safeParse(
        request.headers['idempotency-key'] ?? request.body.IdempotencyKey,
      );
      if (!key.success) throw badRequest(`Idempotency-Key: ${key.error.issues[0]?.message}`);
      return submitPeripheralUpfrontCharge(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.body.UserDeviceId,
        quantity: request.body.Quantity,
        ...(request.body.PaymentNonce && { paymentNonce: request.body.PaymentNonce }),
        idempotencyKey: key.data,
      });
    },
  );

  const recalculate = {
    schema: {
      tags,
      summary: "Recompute the unit's monthly amount: the plan's plus each attached puck's",
      body: RecurringPaymentInput,
      response: { 200: RecurringPayment },
    },
  };
  const handler = async (request: { caller: { userId: number }; body: RecurringPaymentInput }) =>
    recalculateRecurringPayment(app.ctx, {
      callerId: request.caller.userId,
      userDeviceId: request.body.UserDeviceId,
    });
  app.put('/api/paymentprocessing/updatePeripheralRecurringPayment', recalculate, handler);
  app.post('/api/paymentprocessing/recalculateRecurringPayment', recalculate, handler);
  app.post('/api/subscriptions/recalculateRecurringPayment', recalculate, handler);
};
