import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { BrandsResponse } from '@monitor/contract/brands';
import type { AppContext } from '../../context';

/** Every brand's public settings and the default tenant: the web app's start. */
export function listBrands(
  ctx: Pick<AppContext, 'brands' | 'config'>,
): z.infer<typeof BrandsResponse> {
  return { brands: Object.values(ctx.brands), defaultTenantId: ctx.config.defaultTenantId };
}

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
    async () => listBrands(app.ctx),
  );
};
