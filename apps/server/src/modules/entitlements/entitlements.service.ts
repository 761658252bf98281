import {
  hasInstantUpdateToSend,
  INSTANT_UPDATE_ANSWER_WINDOW_MS,
} from '@monitor/domain/devices/instant-update';
import type { Kysely } from 'kysely';
import type { DB, DeviceCommand } from '../../platform/database/schema';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import type { AppContext } from '../../context';
import { insertAuditEvents } from '../audit/audit.repository';
import { findPayingRow, lockPaidHolder, setPetMonitor } from './entitlements.repository';

/**
 * What a customer pays for, decided here and nowhere else (issue #22): routes and jobs ask this
 * module, the web app only shows its answers. The rules themselves are pure, in
 * `@monitor/domain`.
 */
export const ENTITLEMENT_MESSAGES = {
  noInstantUpdates: 'No instant updates are left on this device.',
  noPetMonitor: 'This device does not have the pet monitor upgrade. It is sold in the store.',
  petMonitorIsBought:
    'The pet monitor is an upgrade sold in the store; it cannot be switched on or off here.',
  petMonitorOnePerDevice: 'The pet monitor upgrade is one per device: set its quantity to 1.',
  petMonitorOwned: 'This device already has the pet monitor upgrade.',
} as const;

/** The row whose instant updates a unit's commands spend: the owner's (decision 017). */
export const payingUserDeviceId = (row: { id: number; parent_user_device_id: number | null }) =>
  row.parent_user_device_id ?? row.id;

/**
 * Holds one instant update back for an RPT or DOG about to be queued, in the transaction that
 * queues it; answers the paying row, which the command records. DOG needs the pet monitor
 * upgrade (403). With none left once the commands still waiting are counted: 409, nothing queued.
 * The unit's answer spends it (telemetry's ingest); a command not answered in time costs nothing.
 */
export async function reserveInstantUpdate(
  trx: Kysely<DB>,
  {
    userDevice,
    command,
    now,
  }: {
    userDevice: { id: number; parent_user_device_id: number | null };
    command: Extract<DeviceCommand, 'RPT' | 'DOG'>;
    now: Date;
  },
): Promise<number> {
  const holder = await lockPaidHolder(
    trx,
    payingUserDeviceId(userDevice),
    new Date(now.getTime() - INSTANT_UPDATE_ANSWER_WINDOW_MS),
  );
  if (command === 'DOG' && !holder.pet_monitor) throw forbidden(ENTITLEMENT_MESSAGES.noPetMonitor);
  if (!hasInstantUpdateToSend(holder.instant_updates, holder.waiting))
    throw conflict(ENTITLEMENT_MESSAGES.noInstantUpdates);
  return holder.id;
}

/**
 * An order's pet monitor upgrade (item 27) for a unit: one, for a unit without it, so no one pays
 * for what they cannot use (issue #22). 400 for a quantity above 1, 409 when the unit has it.
 */
export function checkPetMonitorPurchase(unit: { pet_monitor: boolean }, quantity: number): void {
  if (quantity > 1) throw badRequest(ENTITLEMENT_MESSAGES.petMonitorOnePerDevice);
  if (unit.pet_monitor) throw conflict(ENTITLEMENT_MESSAGES.petMonitorOwned);
}

/**
 * `set-pet-monitor USER_DEVICE_ID on|off`: staff switch the pet monitor upgrade on a unit (the
 * owner's row and its sub-accounts'), outside an order, recorded in the audit log. Null when
 * no user device has that id.
 */
export async function setPetMonitorByStaff(
  ctx: Pick<AppContext, 'db' | 'now'>,
  { userDeviceId, isOn }: { userDeviceId: number; isOn: boolean },
): Promise<{ ownerUserDeviceId: number; ownerId: number } | null> {
  const row = await findPayingRow(ctx.db, userDeviceId);
  if (!row) return null;
  await ctx.db.transaction().execute(async (trx) => {
    await setPetMonitor(trx, row.id, isOn);
    await insertAuditEvents(trx, [
      {
        action: 'entitlement.pet-monitor',
        userId: row.user_id,
        actorId: null,
        detail: { userDeviceId: row.id, on: isOn, by: 'set-pet-monitor' },
        at: ctx.now(),
      },
    ]);
  });
  return { ownerUserDeviceId: row.id, ownerId: row.user_id };
}
