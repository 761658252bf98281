import { z } from 'zod';

/** Public settings of one brand, served by GET /api/brands. */
export const Brand = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  isStoreSupported: z.boolean(),
  externalStoreUrl: z.string().nullable(),
  aboutUrl: z.string(),
  isProfessionalLine: z.boolean(),
});

export const BrandsResponse = z.object({
  brands: z.array(Brand),
  defaultTenantId: z.number().int(),
});
