import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { CellularCarrier } from './cellular-carrier';
import { createLocalCellularCarrier } from './local-cellular-carrier';

/**
 * Twilio's Super SIM API when TWILIO_SIM_FLEET is set with TWILIO_ACCOUNT_SID and
 * TWILIO_AUTH_TOKEN, otherwise local (decision 035). Twilio's failures are logged here before
 * the caller answers 502 with the spec's message. Twilio's SDK is loaded only when it is used.
 */
export async function createCellularCarrier(
  twilioSim: Config['twilioSim'],
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<CellularCarrier> {
  if (!twilioSim) return createLocalCellularCarrier(log);
  const { createTwilioCellularCarrier } = await import('./twilio-cellular-carrier');
  const carrier = createTwilioCellularCarrier(twilioSim);
  return {
    kind: carrier.kind,
    activateModem: (modem) =>
      carrier.activateModem(modem).catch((error: unknown) => {
        log.warn({ err: error, imei: modem.imei }, 'carrier: Twilio did not activate the SIM');
        throw error;
      }),
  };
}
