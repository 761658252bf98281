import { isTenantId, type Brand } from '@monitor/domain/shared/brands';
import type { AppContext } from '../../context';

/**
 * The brand of a request the way the web app picks it at startup (store-and-public-site §2): the
 * first of the given tenant ids that names a tenant (the `tid` parameter, then the remembered
 * `tid` cookie), else the default.
 */
export function brandOf(
  ctx: Pick<AppContext, 'brands' | 'config'>,
  ...wanted: (string | undefined)[]
): Brand {
  const tenantId = wanted.map(Number).find((id) => isTenantId(id)) ?? ctx.config.defaultTenantId;
  return ctx.brands[isTenantId(tenantId) ? tenantId : 1];
}
