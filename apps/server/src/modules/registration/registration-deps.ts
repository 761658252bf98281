import type { PaymentProcessor } from '../../adapters/payments/payment-processor';
import type { AppContext } from '../../context';
import type { DeviceRow } from '../devices/device-lookup.repository';
import { setModemActivated } from '../devices/device-lookup.repository';

/** The outside services the registration saga calls: the card processor and the carrier. */
export type RegistrationDeps = {
  payments: PaymentProcessor;
  /** Activates the unit's cellular modem with its carrier (accounts-devices-billing §7, §9). */
  activateModem: (device: DeviceRow) => Promise<void>;
};

/** The saga's services from the context. */
export function registrationDeps(ctx: AppContext): RegistrationDeps {
  return {
    payments: ctx.payments,
    activateModem: async (device) => {
      await setModemActivated(ctx.db, device.id);
    },
  };
}
