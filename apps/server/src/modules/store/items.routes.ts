import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreItems } from '@monitor/contract/store';
import { listActiveItems, listAllItems } from './items.service';

const tags = ['store'];

/**
 * The catalogue (store-and-public-site §7 "Items, promotions, cart and sales"): sent without a
 * token, the same for everyone. The spec writes `/api/items/`; the router ignores a trailing slash.
 */
export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/items',
    {
      schema: {
        tags,
        summary: 'The items the store sells (active), in the catalogue order',
        response: { 200: StoreItems },
      },
    },
    async () => listActiveItems(app.ctx),
  );

  app.get(
    '/api/items/getactive',
    {
      schema: {
        tags,
        summary: 'The items the store sells (active), as GET /api/items/',
        response: { 200: StoreItems },
      },
    },
    async () => listActiveItems(app.ctx),
  );

  app.get(
    '/api/items/getall',
    {
      schema: {
        tags,
        summary: 'Every item, inactive ones (the replacement items 100–205) too',
        response: { 200: StoreItems },
      },
    },
    async () => listAllItems(app.ctx),
  );
};
