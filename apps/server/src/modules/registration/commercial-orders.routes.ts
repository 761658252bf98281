import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CommercialOrderList, CommercialOrderUpdateRequest } from '@monitor/contract/registration';
import { updateCommercialOrders, type CommercialOrderLine } from './commercial-orders.service';

/** Commercial orders of billed customers (accounts-devices-billing §7 "Sales"). */
export const commercialOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/sales/updateCommercialOrder',
    {
      schema: {
        tags: ['sales'],
        summary:
          "Record units' registration dates on a billed customer's commercial order: [serial, registration date, user id], or an array of them",
        body: CommercialOrderUpdateRequest,
        response: { 200: CommercialOrderList },
      },
    },
    async (request) => {
      const body = request.body;
      const lines = (typeof body[0] === 'string' ? [body] : body) as CommercialOrderLine[];
      return updateCommercialOrders(app.ctx, { callerId: request.caller.userId, lines });
    },
  );
};
