import type { AppContext } from '../../context';
import type { DeviceRow } from '../devices/device-lookup.repository';
import { setModemActivated } from '../devices/device-lookup.repository';

/** The outside service the registration saga calls besides the card processor (ctx.payments): the carrier. */
export type RegistrationDeps = {
  /** Activates the unit's cellular modem with its carrier (accounts-devices-billing §7, §9). */
  activateModem: (device: DeviceRow) => Promise<void>;
};

/** The saga's services from the context. */
export function registrationDeps(ctx: AppContext): RegistrationDeps {
  return {
    activateModem: async (device) => {
      await setModemActivated(ctx.db, device.id);
    },
  };
}
