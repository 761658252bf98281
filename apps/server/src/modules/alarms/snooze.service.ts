import type { z } from 'zod';
import type { SnoozeHours, SnoozeState } from '@monitor/contract/alarms';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { requireUserDevice } from '../devices/device-access.service';
import { requireAlarmEvent } from './alarm-event-access';
import { endSnooze, snoozeUnit } from './snooze.repository';

/**
 * Snooze (issue #23): the owner silences a unit's alarm messages for 1, 4 or 24 hours; events are
 * still recorded and shown. A snooze is the owner's change of the unit, so a sub-account may not
 * make one (decision 017); an alarm link's holder may, for the link's unit only.
 */

type Hours = z.infer<typeof SnoozeHours>;
type Answer = z.infer<typeof SnoozeState>;

const HOUR_MS = 3_600_000;
const DEVICE_NOT_FOUND = 'Device not found.';

/** POST /api/alarms/snooze: the signed-in owner snoozes their user device. */
export async function snoozeAsOwner(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    hours,
  }: { callerId: number; userDeviceId: number | undefined; hours: Hours },
): Promise<Answer> {
  if (userDeviceId === undefined) throw badRequest('Choose the device to snooze.');
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
  const at = ctx.now();
  const until = await snoozeUnit(ctx.db, {
    ownerRowId: access.ownerRowId,
    at,
    until: new Date(at.getTime() + hours * HOUR_MS),
    by: { userId: callerId },
    via: 'dashboard',
  });
  if (!until) throw notFound(DEVICE_NOT_FOUND);
  return { SnoozedUntil: until.toISOString() };
}

/** DELETE /api/alarms/snooze?userDeviceId=: the owner ends the snooze early. */
export async function endSnoozeAsOwner(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<Answer> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
  await endSnooze(ctx.db, { ownerRowId: access.ownerRowId, at: ctx.now() });
  return { SnoozedUntil: null };
}

/** POST /api/alarms/{Id}/snooze?token=: an alarm link snoozes the unit of its event. */
export async function snoozeFromLink(
  ctx: AppContext,
  { eventId, token, hours }: { eventId: number; token: string | undefined; hours: Hours },
): Promise<Answer> {
  const { event, actor } = await requireAlarmEvent(ctx, {
    eventId,
    token: token ?? '',
    session: null,
    mode: 'write',
  });
  const at = ctx.now();
  const until = await snoozeUnit(ctx.db, {
    ownerRowId: event.owner_row_id,
    at,
    until: new Date(at.getTime() + hours * HOUR_MS),
    by: { address: actor.by },
    via: actor.via,
  });
  if (!until) throw notFound(DEVICE_NOT_FOUND);
  return { SnoozedUntil: until.toISOString() };
}
