import type { AppContext } from '../../context';
import {
  closeAlarmEvent,
  findAlarmOwners,
  openAlarmEvent,
  recordEvaluation,
  type AlarmOwnerFacts,
  type AlarmPointReading,
} from './alarm-events.repository';
import type { AlarmEventType } from '../../platform/database/schema';
import { matchingNotifications, queueEventDeliveries } from './alarm-deliveries';
import { decideReport, pointReadings, rangeOf, type SensorDecision } from './alarm-decisions';
import {
  buildAlarmMessage,
  buildAllClearMessage,
  deviceUrlOf,
  type AlarmPlace,
  type AlarmReading,
} from './alarm-messages';
import type {
  ReportsStored,
  ReportsStoredListener,
  StoredReport,
} from '../telemetry/reports-stored';

/**
 * Alarm evaluation after ingest (issue #4, decision 011): a `ReportsStoredListener` that walks the
 * newly stored readings oldest first and moves each sensor's alarm state. A change into alarm
 * opens an event and queues one delivery per matching notification, in one transaction; staying
 * in alarm repeats nothing; the return to normal closes the event and queues a short all-clear.
 */

/**
 * A reading taken longer than this before it reached us is back-fill (a unit uploading what it
 * kept while offline, or 90 days of history): it moves the alarm state but sends nothing, since
 * an alarm that old is no longer news and a history upload must not turn into thousands of
 * messages. An hour lets a unit that lost its connection for a while still alarm on arrival.
 */
export const BACKFILL_AGE_MS = 60 * 60_000;

const keyOf = (peripheralId: number | null, alarmType: AlarmEventType) =>
  `${peripheralId ?? ''}:${alarmType}`;

type OwnerState = {
  owner: AlarmOwnerFacts;
  open: Map<string, { openingReportAt: Date | null }>;
  points: Map<number, AlarmPointReading>;
};

function placeOf(
  ctx: AppContext,
  owner: AlarmOwnerFacts,
  device: ReportsStored['device'],
  decision?: SensorDecision,
): AlarmPlace {
  const point = decision?.peripheralId ? decision.point : null;
  return {
    deviceUrl: deviceUrlOf(ctx.config.publicUrl, owner.id),
    name: owner.name,
    location: owner.location,
    serialNumber: device.serialNumber,
    timeZone: owner.time_zone,
    tempPref: owner.temp_pref,
    puck: point?.puck_serial
      ? { serial: point.puck_serial, name: point.puck_name, location: point.puck_location }
      : null,
  };
}

async function openEvent(
  ctx: AppContext,
  state: OwnerState,
  decision: SensorDecision,
  reading: AlarmReading,
  { isFresh, place }: { isFresh: boolean; place: AlarmPlace },
): Promise<boolean> {
  const notifications = isFresh
    ? matchingNotifications(state.owner.notifications, decision.alarmType, decision.peripheralId)
    : [];
  return ctx.db.transaction().execute(async (trx) => {
    const eventId = await openAlarmEvent(trx, {
      userDeviceId: state.owner.id,
      peripheralId: decision.peripheralId,
      alarmType: decision.alarmType,
      openedAt: ctx.now(),
      value: decision.value,
      reportAt: reading.at,
      isNotified: notifications.length > 0,
    });
    // Another process or batch opened it first: it sends the alarm, this one nothing.
    if (eventId === undefined) return false;
    await queueEventDeliveries(ctx, trx, {
      alarmEventId: eventId,
      notifications,
      build: (n) => buildAlarmMessage(n.message, place, reading),
    });
    return true;
  });
}

async function closeEvent(
  ctx: AppContext,
  state: OwnerState,
  decision: Pick<SensorDecision, 'alarmType' | 'peripheralId' | 'value'>,
  reading: AlarmReading,
  place: AlarmPlace,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const closed = await closeAlarmEvent(
      trx,
      {
        userDeviceId: state.owner.id,
        peripheralId: decision.peripheralId,
        alarmType: decision.alarmType,
      },
      { closedAt: ctx.now(), value: decision.value, reportAt: reading.at },
    );
    if (!closed) return false;
    // The all-clear goes only where the alarm went: a back-filled spell ends as silently as it began.
    if (!closed.is_notified) return true;
    await queueEventDeliveries(ctx, trx, {
      alarmEventId: closed.id,
      notifications: matchingNotifications(
        state.owner.notifications,
        decision.alarmType,
        decision.peripheralId,
      ),
      build: () => buildAllClearMessage(place, reading),
    });
    return true;
  });
}

/** Tells the open pages of everyone who sees the unit that an alarm opened or closed (decision 021). */
async function publishAlarmState(
  ctx: AppContext,
  stored: ReportsStored,
  decision: Pick<SensorDecision, 'alarmType' | 'peripheralId' | 'point'>,
  { isAlarm, at }: { isAlarm: boolean; at: Date },
): Promise<void> {
  await ctx.live.publishAlarmState({
    deviceId: stored.device.id,
    alarmType: decision.alarmType,
    puckSerial: (decision.peripheralId && decision.point?.puck_serial) || null,
    isAlarm,
    reportAt: at,
  });
}

async function applyDecision(
  ctx: AppContext,
  state: OwnerState,
  stored: ReportsStored,
  report: StoredReport,
  decision: SensorDecision,
): Promise<void> {
  const key = keyOf(decision.peripheralId, decision.alarmType);
  const isOpen = state.open.has(key);
  if (decision.isAlarm === isOpen) return;
  const reading: AlarmReading = {
    alarmType: decision.alarmType,
    value: decision.value,
    range: decision.point ? rangeOf(decision.point) : null,
    at: report.reportTimestamp,
  };
  const place = placeOf(ctx, state.owner, stored.device, decision);
  if (decision.isAlarm) {
    const isFresh =
      stored.receivedAt.getTime() - report.reportTimestamp.getTime() <= BACKFILL_AGE_MS;
    const isOpened = await openEvent(ctx, state, decision, reading, { isFresh, place });
    state.open.set(key, { openingReportAt: report.reportTimestamp });
    const point = decision.point && state.points.get(decision.point.id);
    if (isOpened && point) point.lastTriggeredAlarm = report.reportTimestamp;
    if (isOpened) await publishAlarmState(ctx, stored, decision, { isAlarm: true, at: reading.at });
  } else {
    const isClosed = await closeEvent(ctx, state, decision, reading, place);
    state.open.delete(key);
    if (isClosed)
      await publishAlarmState(ctx, stored, decision, { isAlarm: false, at: reading.at });
  }
}

/** A unit that reports again ends its NOCALL spell (the watchdog opened it on the silence). */
async function closeNoCall(
  ctx: AppContext,
  state: OwnerState,
  stored: ReportsStored,
  newest: StoredReport,
): Promise<void> {
  const key = keyOf(null, 'NOCALL');
  const open = state.open.get(key);
  if (!open) return;
  // A late reading from before the silence is not a call-in.
  if (open.openingReportAt && newest.reportTimestamp <= open.openingReportAt) return;
  const reading: AlarmReading = {
    alarmType: 'NOCALL',
    value: null,
    range: null,
    at: newest.reportTimestamp,
  };
  const decision = { alarmType: 'NOCALL', peripheralId: null, value: null, point: null } as const;
  const isClosed = await closeEvent(
    ctx,
    state,
    decision,
    reading,
    placeOf(ctx, state.owner, stored.device),
  );
  state.open.delete(key);
  if (isClosed) await publishAlarmState(ctx, stored, decision, { isAlarm: false, at: reading.at });
}

/** Evaluates one batch for one owner row, then records the alarm points' last readings. */
async function evaluateOwner(
  ctx: AppContext,
  owner: AlarmOwnerFacts,
  stored: ReportsStored,
): Promise<void> {
  const state: OwnerState = {
    owner,
    open: new Map(
      owner.openEvents.map((e) => [
        keyOf(e.peripheral_id, e.alarm_type),
        { openingReportAt: e.opening_report_at },
      ]),
    ),
    points: new Map(),
  };
  const through = owner.alarms_evaluated_through;
  // Readings at or before what was already evaluated arrived late: newer ones decided the state.
  // Readings from before the owner's visible history are an earlier owner's (decision 017).
  const reports = stored.reports.filter(
    (r) => (!through || r.reportTimestamp > through) && r.reportTimestamp >= owner.visible_from,
  );
  const newest = reports.at(-1);
  if (!newest) return;
  await closeNoCall(ctx, state, stored, newest);
  for (const report of reports) {
    for (const { pointId, value } of pointReadings(owner, report)) {
      const at = report.reportTimestamp;
      const point = state.points.get(pointId);
      if (point) Object.assign(point, { lastReadValue: value, lastReadAt: at });
      else
        state.points.set(pointId, {
          id: pointId,
          lastReadValue: value,
          lastReadAt: at,
          lastTriggeredAlarm: null,
        });
    }
    for (const decision of decideReport(owner, stored.device.deviceType, report))
      await applyDecision(ctx, state, stored, report, decision);
  }
  await recordEvaluation(ctx.db, {
    deviceId: stored.device.id,
    evaluatedThrough: newest.reportTimestamp,
    points: [...state.points.values()],
  });
}

/**
 * The listener: loads the unit's owner row with its alarm points, notifications and open events
 * in one query, then evaluates the batch in memory; only changes of state write anything more.
 */
export const evaluateAlarms: ReportsStoredListener<AppContext> = async (ctx, stored) => {
  if (stored.reports.length === 0) return;
  const owners = await findAlarmOwners(ctx.db, stored.device.id);
  for (const owner of owners) await evaluateOwner(ctx, owner, stored);
};
