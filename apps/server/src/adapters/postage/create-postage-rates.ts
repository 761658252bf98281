import type { Config } from '../../platform/config/config';
import { createLocalPostageRates } from './local-postage-rates';
import type { PostageRates } from './postage-rates';

/** EasyPost when EASYPOST_API_KEY is set, otherwise the local rate table (decision 043). */
export function createPostageRates(config: Pick<Config, 'easypost'>): PostageRates {
  // The EasyPost implementation is added with its SDK (issue #15).
  void config;
  return createLocalPostageRates();
}
