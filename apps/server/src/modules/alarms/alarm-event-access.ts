import type { AlarmLinkView } from '@monitor/contract/alarms';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import type { AppContext } from '../../context';
import type { Session } from '../accounts/sessions.service';
import type { AccessMode } from '../devices/device-access.service';
import { forbidden, notFound, unauthorized } from '../../platform/errors';
import { findAlarmEventSeen, type AlarmEventSeen } from './alarm-event.repository';
import { verifyAlarmLinkToken } from './alarm-links';
import { subscriptionOfTokenAddress } from '../push/push-delivery';
import { findPushSubscriber } from '../push/push-subscriptions.repository';
import { checkOwnerRowAccess } from './owner-row-access';
import { addressFor, alarmStateOf, peakOf, startOf, toIso } from './alarm-event-entity';

/** Who acts on an event: the address an alarm link went to, or a signed-in account. */
export type AlarmActor = {
  /** An account's e-mail, or the link's address: what `acknowledged_by` and `snoozed_by` record. */
  by: string;
  via: 'dashboard' | 'email' | 'push';
  /** The address the link's message went to, as its delivery stores it: it hears no notice of its own answer. */
  from?: string;
  /** Sees every address plainly: the owner, or a link's holder (the notices name who answered). */
  seesAddresses: boolean;
  email: string | null;
  tempPref: 'F' | 'C';
};

const ALARM_NOT_FOUND = 'Alarm not found.';

/**
 * An event and who acts on it. With a token (the link of an alarm message) the token is the
 * permission, checked before the event is read, so a token for another event learns nothing of
 * this one; without one the caller must be signed in (401) and hold a row on the unit that sees
 * the event (decision 017): the owner, or for `read` a sub-account given the unit (403 otherwise,
 * as every device call; 404 for no such event).
 */
export async function requireAlarmEvent(
  ctx: AppContext,
  {
    eventId,
    token,
    session,
    mode,
  }: { eventId: number; token: string | undefined; session: Session | null; mode: AccessMode },
): Promise<{ event: AlarmEventSeen; actor: AlarmActor }> {
  if (token !== undefined) {
    const { address } = await verifyAlarmLinkToken(ctx, { eventId, token });
    const event = await findAlarmEventSeen(ctx.db, { eventId, callerId: null });
    if (!event) throw notFound(ALARM_NOT_FOUND);
    const actor: AlarmActor = {
      by: address,
      via: 'email',
      seesAddresses: true,
      email: null,
      tempPref: event.owner_temp_pref,
    };
    return { event, actor: await linkActor(ctx, actor, address) };
  }
  if (!session) throw unauthorized();
  const event = await findAlarmEventSeen(ctx.db, { eventId, callerId: session.userId });
  if (!event) throw notFound(ALARM_NOT_FOUND);
  checkOwnerRowAccess(event, mode);
  // A sub-account sees the unit's past from its being given the unit on (decision 017).
  if (
    event.viewer_visible_from !== null &&
    new Date(startOf(event)).getTime() < event.viewer_visible_from.getTime()
  )
    throw forbidden();
  const email = event.caller_email ?? '';
  return {
    event,
    actor: {
      by: email,
      via: 'dashboard',
      seesAddresses: event.viewer_parent_id === null,
      email,
      tempPref: event.caller_temp_pref ?? event.owner_temp_pref,
    },
  };
}

/**
 * A push notification's buttons answer in the name of the browser's user (issue #27): their e-mail
 * is recorded, in their temperature unit. A browser removed since still answers for its message,
 * as what the token says it was.
 */
async function linkActor(ctx: AppContext, actor: AlarmActor, address: string): Promise<AlarmActor> {
  const subscriptionId = subscriptionOfTokenAddress(address);
  if (subscriptionId === null) return actor;
  const subscriber = await findPushSubscriber(ctx.db, subscriptionId);
  return {
    ...actor,
    by: subscriber?.email_address ?? 'a browser that was removed',
    via: 'push',
    from: String(subscriptionId),
    tempPref: subscriber?.temp_pref ?? actor.tempPref,
  };
}

/** What the acknowledge page shows: no more than the alarm message told its recipient. */
export function toAlarmLinkView(
  event: AlarmEventSeen,
  actor: AlarmActor,
  now: Date,
): AlarmLinkView {
  const snoozedUntil =
    event.alarms_snoozed_until && event.alarms_snoozed_until > now
      ? event.alarms_snoozed_until
      : null;
  const puckName =
    event.puck_serial === null
      ? null
      : (event.puck_name ?? event.puck_location ?? formatPuckSerial(event.puck_serial));
  return {
    Id: event.id,
    DeviceName: event.name ?? event.location ?? event.serial_number,
    SensorType: event.alarm_type,
    PuckName: puckName,
    StartedAt: toIso(startOf(event)),
    EndedAt: event.closed_at === null ? null : toIso(event.closing_report_at ?? event.closed_at),
    PeakValue: peakOf(event.alarm_type, event.peak_value),
    TempPref: actor.tempPref,
    TimeZone: event.time_zone,
    State: alarmStateOf({ closedAt: event.closed_at, acknowledgedAt: event.acknowledged_at }),
    AcknowledgedBy:
      event.acknowledged_by === null
        ? null
        : addressFor(event.acknowledged_by, {
            isOwner: actor.seesAddresses,
            email: actor.email,
          }),
    AcknowledgedAt: toIso(event.acknowledged_at),
    SnoozedUntil: toIso(snoozedUntil),
  };
}
