import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Order, OrderRequest, Orders, UserOrdersParams } from '@monitor/contract/orders';
import { IdempotencyHeaders } from '@monitor/contract/registration';
import { perAddressLimit, SENDS_CARD } from '../../platform/http/rate-limits';
import { listUserOrders, placeOrder } from './orders.service';

const tags = ['store'];

/**
 * POST /api/sales/ (store-and-public-site §4 "Checkout", §7; decision 044): public, with an
 * optional session — a signed-in caller's order is theirs, and only they may buy instant updates
 * or the pet monitor for their device. Limited per client address, session or not.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // '/api/sales/' as the spec writes it reaches this too (the router ignores a trailing slash).
  app.post(
    '/api/sales',
    {
      config: { ...perAddressLimit(app.ctx.config.rateLimits.storeWrites), ...SENDS_CARD },
      schema: {
        tags,
        summary:
          'Place an order, once per Idempotency-Key: the server prices every line, discount, shipping and tax (the client’s figures are ignored) and charges the payment nonce',
        headers: IdempotencyHeaders,
        body: OrderRequest,
        response: { 200: Order },
      },
    },
    async (request) => {
      const { body } = request;
      return placeOrder(app.ctx, {
        callerId: request.session?.userId ?? null,
        actorId: request.session?.impersonatorId ?? request.session?.userId ?? null,
        idempotencyKey: request.headers['idempotency-key'],
        payer: body.payer,
        lines: body.items.map((line) => ({ itemId: line.ItemId, quantity: line.Quantity })),
        discountCode: body.discountCode ?? null,
        shippingType: body.ShippingType,
        userDeviceId: body.UserDeviceId ?? null,
        source: 'store',
        ...(body.TenantId !== undefined && { tenantId: body.TenantId }),
      });
    },
  );
};

/** GET /api/users/{userId}/orders: the signed-in caller's own order history, newest first. */
export const userOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/orders',
    {
      schema: {
        tags,
        summary: "The caller's own orders, newest first",
        params: UserOrdersParams,
        response: { 200: Orders },
      },
    },
    async (request) =>
      listUserOrders(app.ctx, { callerId: request.caller.userId, userId: request.params.userId }),
  );
};
