import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalculateSalesTaxQuery,
  NexusStates,
  SalesTax,
  TaxRate,
  TaxRateQuery,
} from '@monitor/contract/sales';
import { dollarsToCents } from '@monitor/domain/shared/money';
import { perAddressLimit } from '../../platform/http/rate-limits';
import { calculateTax, getNexusStates, getTaxRate, toSalesTaxAnswer } from './sales-tax.service';

const tags = ['sales'];

/**
 * Sales tax for the cart and the add-device wizard (accounts-devices-billing §7 "Sales";
 * store-and-public-site §7, sent without a token). Amounts in dollars as the web app sends them;
 * cents inside. Public, and limited per client address like the address checks (decision 035).
 */
export const taxRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = perAddressLimit(app.ctx.config.rateLimits.salesChecks);

  app.get(
    '/api/taxrates',
    {
      config,
      schema: {
        tags,
        summary:
          'The sales tax rate charged at a ZIP: ?zip=14624 (Rate a fraction, 0 outside the nexus states)',
        querystring: TaxRateQuery,
        response: { 200: TaxRate },
      },
    },
    async (request) => getTaxRate(app.ctx, request.query.zip),
  );

  app.get(
    '/api/taxrates/calculateSalesTax',
    {
      config,
      schema: {
        tags,
        summary:
          'Sales tax on quantity units of amount dollars each plus shipping, sent to toZip, toState, toCity, toStreet (a ZIP under 5 characters is not taxed)',
        querystring: CalculateSalesTaxQuery,
        response: { 200: SalesTax },
      },
    },
    async (request) => {
      const { toZip, toState, toCity, toStreet, amount, shipping, quantity } = request.query;
      const tax = await calculateTax(app.ctx, {
        address: { zip: toZip, state: toState, city: toCity, street: toStreet },
        amountCents: dollarsToCents(amount),
        shippingCents: dollarsToCents(shipping),
        quantity,
      });
      return toSalesTaxAnswer(tax);
    },
  );

  app.get(
    '/api/taxrates/getNexusStates',
    {
      config,
      schema: {
        tags,
        summary: 'The states the brand collects sales tax in, as two-letter codes',
        response: { 200: NexusStates },
      },
    },
    async () => getNexusStates(app.ctx),
  );
};
