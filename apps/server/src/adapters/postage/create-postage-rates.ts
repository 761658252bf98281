import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config';
import { createLocalPostageRates } from './local-postage-rates';
import { PostageRefused, type PostageRates } from './postage-rates';

/**
 * EasyPost when EASYPOST_API_KEY is set, otherwise the local rate table (decision 043). EasyPost's
 * failures, other than a refused destination, are logged here before the caller answers 502.
 * EasyPost's SDK is loaded only when it is used.
 */
export async function createPostageRates(
  config: Pick<Config, 'easypost'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<PostageRates> {
  if (!config.easypost) return createLocalPostageRates();
  const { createEasypostPostageRates } = await import('./easypost-postage-rates');
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
