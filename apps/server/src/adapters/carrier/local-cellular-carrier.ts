import type { FastifyBaseLogger } from 'fastify';
import type { CellularCarrier } from './cellular-carrier';

/**
 * No carrier to reach: the demo's and the simulator's units are always connected, so activation
 * succeeds and the service marks the modem active (`devices.modem_activated`), as it did before
 * the port (decision 035).
 */
export function createLocalCellularCarrier(log: Pick<FastifyBaseLogger, 'info'>): CellularCarrier {
  return {
    kind: 'local',
    activateModem: ({ imei, deviceNsp }) => {
      log.info({ imei, deviceNsp }, 'carrier: modem marked active (local, no carrier configured)');
      return Promise.resolve();
    },
  };
}
