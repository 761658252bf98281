import { limitWindowToVisibleFrom } from '@monitor/domain/history/history-periods';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../platform/errors';
import {
  requireDeviceAccess,
  requireUserDevice,
  type UserDeviceAccess,
} from '../devices/device-access.service';
import {
  findVisiblePucks,
  type ReadingWindow,
  type SeenPuckRow,
} from '../devices/visible-history.repository';
import { findPeripheralRowBySerial } from '../pucks/peripherals.repository';

/**
 * Who may read a history and which part of it (device-management §5, §6, §7; decision 030):
 * the owner or a sub-account given the unit (403 for anyone else, as every device call), a
 * period checked and clamped to now, and the readings from the viewer's visible history on.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A graph covers at most 366 days, a leap year (issue #12). */
export const MAX_GRAPH_SPAN_DAYS = 366;

const PUCK_NOT_ON_DEVICE = 'peripheralId: This SPuck is not attached to this device.';

/** The caller's user device, refusing a `userId` that is not the caller's own (403). */
export async function requireHistoryDevice(
  ctx: AppContext,
  { callerId, userDeviceId, userId }: { callerId: number; userDeviceId: number; userId?: number },
): Promise<UserDeviceAccess> {
  if (userId !== undefined && userId !== callerId) throw forbidden();
  return requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
}

/** A puck on the caller's user device, as that row sees it; 400 naming `peripheralId` otherwise. */
export async function requirePuckOnDevice(
  ctx: AppContext,
  access: UserDeviceAccess,
  serial: string,
): Promise<SeenPuckRow> {
  const [puck] = await findVisiblePucks(ctx.db, [access.row.id], { serial });
  if (!puck) throw badRequest(PUCK_NOT_ON_DEVICE);
  return puck;
}

/**
 * A puck by its serial and the caller's access to the unit it is on: 400 naming `peripheralId`
 * for an unknown or unattached puck, 403 for another user's.
 */
export async function requirePuckBySerial(
  ctx: AppContext,
  { callerId, serial }: { callerId: number; serial: string },
): Promise<{ access: UserDeviceAccess; puck: SeenPuckRow }> {
  const found = await findPeripheralRowBySerial(ctx.db, serial);
  if (!found || found.device_id === null) {
    throw badRequest('peripheralId: No SPuck with this id is attached to a device.');
  }
  const access = await requireDeviceAccess(ctx, {
    callerId,
    deviceId: found.device_id,
    mode: 'read',
  });
  return { access, puck: await requirePuckOnDevice(ctx, access, serial) };
}

/** A history period as a query names it: unix seconds and the device's GMT offset in hours. */
export type PeriodQuery = { from: number; to: number; timeZone: number };

/**
 * The period a history call answers: `to` beyond now clamped to now (no call answers future
 * data), `from` before it (400 naming `from`), at most 366 days when `maxSpanDays` says so
 * (400 naming `to`), and for a sub-account no period starting before the day it was given the
 * unit (device-management §5, 400 with the §5 message).
 */
export function resolvePeriod(
  ctx: AppContext,
  {
    query,
    access,
    maxSpanDays,
  }: { query: PeriodQuery; access: UserDeviceAccess; maxSpanDays?: number },
): ReadingWindow {
  const from = new Date(query.from * 1000);
  const to = new Date(Math.min(query.to * 1000, ctx.now().getTime()));
  if (from.getTime() >= to.getTime()) {
    throw badRequest('from: The start of the period must be before its end and before now.');
  }
  if (maxSpanDays !== undefined && (query.to - query.from) * 1000 > maxSpanDays * DAY_MS) {
    throw badRequest(`to: A graph covers at most ${maxSpanDays} days.`);
  }
  if (!access.isOwner) {
    const limited = limitWindowToVisibleFrom(
      { period: 'custom', offset: 0, from, to },
      access.row.visible_from,
      query.timeZone,
    );
    if (!limited.isAllowed) throw badRequest(limited.message);
  }
  return { from, to };
}
