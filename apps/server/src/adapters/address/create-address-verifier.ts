import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { AddressVerifier } from './address-verifier';
import { createLocalAddressVerifier } from './local-address-verifier';

/**
 * Smarty when SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN are set, otherwise the packaged ZIP data
 * (decision 035). Smarty's failures are logged here (the error, never the address) before the
 * caller answers 502. Smarty's SDK is loaded only when it is used.
 */
export async function createAddressVerifier(
  smarty: Config['smarty'],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<AddressVerifier> {
  if (!smarty) return createLocalAddressVerifier();
  const { createSmartyAddressVerifier } = await import('./smarty-address-verifier');
  const verifier = createSmartyAddressVerifier(smarty);
  return {
    kind: verifier.kind,
    verify: (address) =>
      verifier.verify(address).catch((error: unknown) => {
        log.warn({ err: error }, 'address check: Smarty did not answer');
        throw error;
      }),
  };
}
