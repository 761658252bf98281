import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config';
import { createEasypostPostageRates } from './easypost-postage-rates';
import { createLocalPostageRates } from './local-postage-rates';
import { PostageRefused, type PostageRates } from './postage-rates';

/**
 * EasyPost when EASYPOST_API_KEY is set, otherwise the local rate table (decision 043). EasyPost's
 * failures, other than a refused destination, are logged here before the caller answers 502.
 */
export function createPostageRates(
  config: Pick<Config, 'easypost'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): PostageRates {
  if (!config.easypost) return createLocalPostageRates();
  const easypost = createEasypostPostageRates(config.easypost);
  return {
    kind: easypost.kind,
    quote: (query) =>
      easypost.quote(query).catch((error: unknown) => {
        if (!(error instanceof PostageRefused))
          log.warn({ err: error }, 'postage: EasyPost did not answer a shipment');
        throw error;
      }),
  };
}
