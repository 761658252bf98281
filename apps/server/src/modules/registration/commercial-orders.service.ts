import { toIsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { findDeviceRowBySerial } from '../devices/device-lookup.repository';
import { findOwnerUserDeviceRow } from '../devices/user-devices.repository';
import { findCommercialOrders, upsertCommercialOrder } from './commercial-orders.repository';

/** One line of updateCommercialOrder: [serial, registration date, user id] (accounts-devices-billing §7). */
export type CommercialOrderLine = [serial: string, registrationDate: string, userId: number];

/**
 * Records the registration date on a billed customer's commercial order lines (accounts-devices-
 * billing §7 "Sales: updateCommercialOrder"): each line names the caller, a unit the caller owns
 * (404 unknown serial, 403 another's, as the device calls answer) and a date not after today. All
 * lines or none. Which accounts have commercial orders is the web app's to know (billed users call
 * it); the server records the date for any owner's unit, which bills nothing by itself.
 */
export async function updateCommercialOrders(
  ctx: AppContext,
  { callerId, lines }: { callerId: number; lines: CommercialOrderLine[] },
) {
  if (lines.some(([, , userId]) => userId !== callerId)) throw forbidden();
  const today = toIsoDate(ctx.now());
  const deviceIds: number[] = [];
  for (const [serial, registrationDate] of lines) {
    if (registrationDate > today)
      throw badRequest('Registration date: it cannot be later than today.');
    const device = await findDeviceRowBySerial(ctx.db, serial);
    if (!device)
      throw notFound('This serial number does not exist. Please check it and try again.');
    const owner = await findOwnerUserDeviceRow(ctx.db, device.id);
    if (owner?.user_id !== callerId) throw forbidden();
    deviceIds.push(device.id);
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const [index, [, registrationDate]] of lines.entries())
      await upsertCommercialOrder(trx, {
        deviceId: deviceIds[index]!,
        userId: callerId,
        registrationDate,
        now: ctx.now(),
      });
  });
  return (await findCommercialOrders(ctx.db, deviceIds)).map((row) => ({
    SerialNumber: row.serial_number,
    RegistrationDate: row.registration_date,
    UserId: row.user_id,
  }));
}
