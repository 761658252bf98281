import type { AlarmDelivery, AlarmEvent, AlarmEventPage } from '@monitor/contract/alarms';
import type { AppContext } from '../../context';
import type { DeliveryKind } from '../../platform/database/schema';
import { requireUserDevice } from '../devices/device-access.service';
import { findAlarmLogPage, findSnoozes, type AlarmLogEventRow } from './alarm-log.repository';
import { addressFor, alarmStateOf, peakOf, startOf, toIso } from './alarm-event-entity';

/**
 * The alarm log (issue #23): a unit's events as its owner or a sub-account sees them, newest
 * first, each with every message it caused, and the unit's snoozes.
 */

type DeliveryRow = AlarmLogEventRow['deliveries'][number];
type Viewer = { isOwner: boolean; email: string | null };

/** The messages after an alarm, by delivery kind; an event has no other kind of delivery. */
const FOLLOW_UPS: Partial<Record<DeliveryKind, AlarmDelivery['Kind']>> = {
  'alarm-late': 'late',
  'all-clear': 'all-clear',
  'alarm-acknowledged': 'acknowledged',
};

/**
 * What a delivery was: an 'alarm' is the first telling (step 0; an escalation when its
 * notification waits before telling) or a repeat (step 1…). Before migration 031 the all-clear
 * was an 'alarm' too, with no step: its subject says which.
 */
function kindOf(row: DeliveryRow): AlarmDelivery['Kind'] | null {
  if (row.kind !== 'alarm') return FOLLOW_UPS[row.kind] ?? null;
  if (row.step === null && row.subject?.startsWith('All clear')) return 'all-clear';
  if (row.step !== null && row.step > 0) return 'repeat';
  return (row.wait_minutes ?? 0) > 0 ? 'escalation' : 'alarm';
}

function toDelivery(row: DeliveryRow, viewer: Viewer): AlarmDelivery | null {
  const kind = kindOf(row);
  if (kind === null) return null;
  return {
    Channel: row.channel,
    Address: addressFor(row.address, viewer),
    Kind: kind,
    Status: row.status,
    QueuedAt: toIso(row.created_at),
    SentAt: toIso(row.sent_at),
  };
}

function toAlarmEvent(row: AlarmLogEventRow, viewer: Viewer): AlarmEvent {
  const started = toIso(startOf(row));
  return {
    Id: row.id,
    UserDeviceId: row.user_device_id,
    SensorType: row.alarm_type,
    PeripheralId: row.puck_serial,
    StartedAt: started,
    RaisedAt: toIso(row.raised_report_at) ?? started,
    EndedAt: row.closed_at === null ? null : toIso(row.closing_report_at ?? row.closed_at),
    PeakValue: peakOf(row.alarm_type, row.peak_value),
    AcknowledgedAt: toIso(row.acknowledged_at),
    AcknowledgedBy: row.acknowledged_by === null ? null : addressFor(row.acknowledged_by, viewer),
    AcknowledgedVia: row.acknowledged_via,
    State: alarmStateOf({ closedAt: row.closed_at, acknowledgedAt: row.acknowledged_at }),
    Deliveries: row.deliveries.flatMap((d) => toDelivery(d, viewer) ?? []),
  };
}

/**
 * GET /api/alarms: one page of a user device's alarm log. The events live on the owner's row; the
 * caller names their own row (a sub-account its own, as every device call) and sees the events
 * that began from that row's `visible_from` on (decision 017). A sub-account sees its own address
 * plainly and anyone else's masked. Three statements: the access check, the page, its snoozes.
 * Snoozes go with the page whose events' span they fall in, so each is on exactly one page: from
 * the oldest event of the page (the start of the visible history on the last page) up to the
 * event before the page (now on the first).
 */
export async function queryAlarmLog(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    page,
    pageSize,
  }: { callerId: number; userDeviceId: number; page: number; pageSize: number },
): Promise<AlarmEventPage> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  const visibleFrom = access.row.visible_from;
  const offset = (page - 1) * pageSize;
  const found = await findAlarmLogPage(ctx.db, {
    ownerRowId: access.ownerRowId,
    visibleFrom,
    callerId,
    limit: pageSize,
    offset,
  });
  const total = Number(found.total ?? 0);
  const oldest = found.events.at(-1);
  const isLastPage = offset + found.events.length >= total;
  const isPastTheEnd = found.events.length === 0 && total > 0;
  const snoozes = isPastTheEnd
    ? []
    : await findSnoozes(ctx.db, {
        ownerRowId: access.ownerRowId,
        from: isLastPage || !oldest ? visibleFrom : new Date(oldest.opened_at),
        to: found.newer_opened_at === null ? null : new Date(found.newer_opened_at),
      });
  const viewer: Viewer = { isOwner: access.isOwner, email: found.caller_email };
  return {
    Events: found.events.map((row) => toAlarmEvent(row, viewer)),
    Page: page,
    PageSize: pageSize,
    Total: total,
    Snoozes: snoozes.map((s) => ({
      SnoozedAt: s.snoozed_at.toISOString(),
      SnoozedUntil: s.snoozed_until.toISOString(),
      SnoozedBy: addressFor(s.snoozed_by, viewer),
      Via: s.via,
    })),
  };
}
