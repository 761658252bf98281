import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BrandsResponse } from '@monitor/contract/brands';

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/brands',
    {
      schema: {
        tags: ['brands'],
        summary: 'Public settings of every brand and the default tenant',
        response: { 200: BrandsResponse },
      },
    },
    async () => ({
      brands: Object.values(app.ctx.brands),
      defaultTenantId: app.ctx.config.defaultTenantId,
    }),
  );
};
