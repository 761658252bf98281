import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressVerificationResult,
  CheckAddressQuery,
  CheckShippingAddressQuery,
} from '@monitor/contract/sales';
import { perAddressLimit } from '../../platform/http/rate-limits';
import { checkAddress } from './address-checks.service';

const tags = ['sales'];

/**
 * The address checks of the billing and shipping forms (accounts-devices-billing §7 "Sales";
 * store-and-public-site §7, sent without a token). Public, and limited per client address even
 * with a session: each may be a paid lookup (decision 035).
 */
export const addressChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = perAddressLimit(app.ctx.config.rateLimits.salesChecks);

  app.get(
    '/api/sales/checkAddressValidity',
    {
      config,
      schema: {
        tags,
        summary:
          'Verify a billing address: ?userInfo=<JSON {FirstName, LastName, Address1, Address2, City, State, Zip, PhoneNumber}>; ReturnCode 31, 32, 21, 22, 0 accepted with the cleansed address, 23, 11, 12, 13 rejected',
        querystring: CheckAddressQuery,
        response: { 200: AddressVerificationResult },
      },
    },
    async (request) => checkAddress(app.ctx, request.query.userInfo),
  );

  app.get(
    '/api/sales/checkShippingAddressValidity',
    {
      config,
      schema: {
        tags,
        summary:
          'Verify a shipping address: ?userInfo=<JSON {Address1 or ShippingAddress1, …, Zip or ShippingZip}>; answers as checkAddressValidity',
        querystring: CheckShippingAddressQuery,
        response: { 200: AddressVerificationResult },
      },
    },
    async (request) => checkAddress(app.ctx, request.query.userInfo),
  );
};
