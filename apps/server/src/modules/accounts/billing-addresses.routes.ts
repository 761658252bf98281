import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingAddress,
  BillingAddressInput,
  BillingAddressList,
  BillingAddressQuery,
  BillingAddressReadParams,
} from '@monitor/contract/billing-addresses';
import { requireSelf } from '../../platform/http/auth';
import {
  getOwnBillingAddress,
  listBillingAddresses,
  saveBillingAddress,
  toBillingAddressEntity,
} from './billing-addresses.service';

/** Billing addresses (accounts-devices-billing §3, §7); a user reaches only their own. */
export const billingAddressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/billingaddresses',
    {
      schema: {
        tags: ['billing addresses'],
        summary: "The caller's addresses; default=true answers only the default one",
        querystring: BillingAddressQuery,
        response: { 200: BillingAddressList },
      },
    },
    async (request) => {
      requireSelf(request, request.query.user_id);
      return listBillingAddresses(app.ctx, {
        userId: request.query.user_id,
        onlyDefault: request.query.default === 'true',
      });
    },
  );

  app.get(
    '/api/billingaddresses/:id',
    {
      schema: {
        tags: ['billing addresses'],
        summary: 'One address of the caller',
        params: BillingAddressReadParams,
        response: { 200: BillingAddress },
      },
    },
    async (request) => {
      const row = await getOwnBillingAddress(app.ctx, {
        id: request.params.id,
        userId: request.caller.userId,
      });
      return toBillingAddressEntity(row);
    },
  );

  app.post(
    '/api/billingaddresses',
    {
      schema: {
        tags: ['billing addresses'],
        summary: 'Add an address; Default=true makes it the only default',
        body: BillingAddressInput,
        response: { 200: BillingAddress },
      },
    },
    async (request) => {
      return saveBillingAddress(app.ctx, { callerId: request.caller.userId, input: request.body });
    },
  );

  app.put(
    '/api/billingaddresses/:id',
    {
      schema: {
        tags: ['billing addresses'],
        summary: 'Change an address; Default=true makes it the only default',
        params: BillingAddressReadParams,
        body: BillingAddressInput,
        response: { 200: BillingAddress },
      },
    },
    async (request) => {
      return saveBillingAddress(app.ctx, {
        callerId: request.caller.userId,
        id: request.params.id,
        input: request.body,
      });
    },
  );
};
