import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { isActivatedCarrier } from '../../adapters/carrier/cellular-carrier';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { setModemActivated, type DeviceRow } from './device-lookup.repository';

/**
 * Activates a unit's modem if it is not active yet and its carrier (DeviceNSP) is 1 or 2
 * (accounts-devices-billing §4 step 3, §9), through the carrier port, then records it
 * (`devices.modem_activated`). Any other unit is returned as it is. A carrier that could not
 * activate is a 502 with the spec's message and nothing recorded, so a retry asks again.
 * Called by POST /api/devices/{imei}/activate and by the registration saga.
 */
export async function ensureModemActivated(ctx: AppContext, device: DeviceRow): Promise<DeviceRow> {
  if (device.modem_activated || !isActivatedCarrier(device.device_nsp)) return device;
  try {
    await ctx.carrier.activateModem({ imei: device.imei, deviceNsp: device.device_nsp });
  } catch {
    // The carrier adapter logged why (create-cellular-carrier.ts).
    throw new AppError(502, ACCOUNT_ALERT_MESSAGES.activateModemFailed);
  }
  return (await setModemActivated(ctx.db, device.id)) ?? device;
}
