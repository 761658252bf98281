import type { AlarmLinkView } from '@monitor/contract/alarms';
import type { AppContext } from '../../context';
import type { AlarmChannel } from '../../platform/database/schema';
import { notFound } from '../../platform/errors';
import type { Session } from '../accounts/sessions.service';
import { queueDelivery } from '../outbox/deliveries.service';
import {
  findAcknowledgement,
  findAcknowledgementFacts,
  markAcknowledged,
  type AcknowledgementFields,
} from './acknowledgement.repository';
import { buildAcknowledgedNotice } from './acknowledgement-notices';
import { requireAlarmEvent, toAlarmLinkView } from './alarm-event-access';
import { deviceUrlOf } from './alarm-messages';

/**
 * Acknowledging an alarm (issue #23, ISA-18.2): once per event, by whoever answers first, from any
 * channel. A re-trigger is a new event and needs a fresh acknowledgement.
 */

export type Acknowledgement = AcknowledgementFields & {
  /** This call acknowledged it; false when someone had already (nothing changed). */
  isNew: boolean;
};

/**
 * Acknowledges an event as `by` (an account's e-mail, or the address an alarm reached) from `via`,
 * unless it already is: then it answers the acknowledgement it has and changes nothing. In the
 * same transaction, one "acknowledged by" notice goes to each channel and address the alarm was
 * told to whose notification asks for it, except the one that answered; after the commit, the
 * open pages of everyone who sees the unit hear of it (decision 021). The SMS and voice webhooks
 * call this with their own `via`, `by` as the phone is shown and `from` as it is stored.
 */
export async function acknowledgeAlarm(
  ctx: AppContext,
  {
    eventId,
    by,
    via,
    from = by,
  }: {
    eventId: number;
    by: string;
    via: AlarmChannel;
    /** The address that answered, as deliveries store it: it gets no notice of its own answer. */
    from?: string;
  },
): Promise<Acknowledgement> {
  const at = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const marked = await markAcknowledged(trx, { eventId, at, by, via });
    if (!marked) {
      const current = await findAcknowledgement(trx, eventId);
      if (!current) throw notFound('Alarm not found.');
      return { acknowledgement: current as AcknowledgementFields, facts: null };
    }
    const facts = await findAcknowledgementFacts(trx, eventId);
    if (!facts) throw notFound('Alarm not found.');
    const notice = {
      unit: { name: facts.name, location: facts.location, serialNumber: facts.serial_number },
      puck: facts.puck_serial
        ? { serial: facts.puck_serial, name: facts.puck_name, location: facts.puck_location }
        : null,
      alarmType: facts.alarm_type,
      by,
      at,
      timeZone: facts.time_zone,
      deviceUrl: deviceUrlOf(ctx.config.publicUrl, facts.user_device_id),
    };
    const answerer = from.trim().toLowerCase();
    for (const recipient of facts.recipients) {
      if (recipient.address.trim().toLowerCase() === answerer) continue;
      const { subject, body } = buildAcknowledgedNotice(notice, recipient.channel);
      await queueDelivery(
        ctx,
        {
          kind: 'alarm-acknowledged',
          channel: recipient.channel,
          address: recipient.address,
          subject,
          body,
          notificationId: recipient.notification_id,
          alarmEventId: eventId,
        },
        trx,
      );
    }
    return { acknowledgement: marked, facts };
  });
  if (done.facts) {
    const { facts } = done;
    await ctx.live.publishAlarmState({
      deviceId: facts.device_id,
      alarmType: facts.alarm_type,
      puckSerial: facts.puck_serial,
      isAlarm: facts.closed_at === null,
      reportAt: facts.raised_report_at ?? facts.opening_report_at ?? facts.opened_at,
      acknowledgement: { eventId, at },
    });
  }
  return { ...done.acknowledgement, isNew: done.facts !== null };
}

/**
 * POST /api/alarms/{Id}/acknowledge: with an alarm link's token, in the name of the address it was
 * sent to ('email'); else as the signed-in owner or a sub-account who sees the event ('dashboard').
 * Answers the event as the acknowledge page shows it, the same on a repeat.
 */
export async function acknowledgeAlarmEvent(
  ctx: AppContext,
  {
    eventId,
    token,
    session,
  }: { eventId: number; token: string | undefined; session: Session | null },
): Promise<AlarmLinkView> {
  const { event, actor } = await requireAlarmEvent(ctx, { eventId, token, session, mode: 'read' });
  if (event.acknowledged_at !== null) return toAlarmLinkView(event, actor, ctx.now());
  const acknowledgement = await acknowledgeAlarm(ctx, {
    eventId,
    by: actor.by,
    via: actor.via,
    ...(actor.from !== undefined && { from: actor.from }),
  });
  return toAlarmLinkView({ ...event, ...acknowledgement }, actor, ctx.now());
}

/** GET /api/alarms/{Id}: the acknowledge page's view of an event, by its link or a session. */
export async function getAlarmLinkView(
  ctx: AppContext,
  {
    eventId,
    token,
    session,
  }: { eventId: number; token: string | undefined; session: Session | null },
): Promise<AlarmLinkView> {
  const { event, actor } = await requireAlarmEvent(ctx, { eventId, token, session, mode: 'read' });
  return toAlarmLinkView(event, actor, ctx.now());
}
