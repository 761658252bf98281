import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { AddressVerifier } from './address-verifier';
import { createLocalAddressVerifier } from './local-address-verifier';
import { createSmartyAddressVerifier } from './smarty-address-verifier';

/**
 * Smarty when SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN are set, otherwise the packaged ZIP data
 * (decision 035). Smarty's failures are logged here (the error, never the address) before the
 * caller answers 502.
 */
export function createAddressVerifier(
  smarty: Config['smarty'],
  log: Pick<FastifyBaseLogger, 'warn'>,
): AddressVerifier {
  if (!smarty) return createLocalAddressVerifier();
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
