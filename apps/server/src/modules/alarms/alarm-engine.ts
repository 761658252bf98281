import { isTenantId } from '@monitor/domain/shared/brands';
import type { Transaction } from 'kysely';
import {
  NORMAL,
  reconcileSpells,
  reevaluatePoint,
  walkPoint,
  type PointState,
  type Spell,
} from '@monitor/domain/alarms/alarm-spells';
import type { AppContext } from '../../context';
import {
  deleteSpells,
  findAlarmOwners,
  findSpellsSince,
  insertSpell,
  lockUnitAlarms,
  markNotified,
  recordEvaluation,
  updateSpell,
  type AlarmOwnerFacts,
  type AlarmPointReading,
  type SpellColumns,
  type StoredSpellRow,
} from './alarm-events.repository';
import type { DB } from '../../platform/database/schema';
import { findReadingsSince, hasReadingBetween } from './alarm-readings.repository';
import { findToldNotificationIds } from './alarm-follow-ups.repository';
import { closeNoCallEvent } from './nocall.repository';
import { matchingNotifications, tellEach, tellRaised } from './alarm-deliveries';
import { pointReadings, rangeOf, watchesOf, watchKey, type Watch } from './alarm-watches';
import {
  buildAlarmMessage,
  buildAllClearMessage,
  buildLateMessage,
  deviceUrlOf,
  type AlarmPlace,
  type AlarmReading,
} from './alarm-messages';
import type { ReportsStored, ReportsStoredListener } from '../telemetry/reports-stored';
import { buildAlarmEmail } from './alarm-mail';

/**
 * Alarm evaluation after ingest (issues #4 and #23, decisions 011 and 059): a
 * `ReportsStoredListener` that moves each watched sensor's spells with the domain's walk
 * (`alarm-spells.ts`: deadband, delay, the settings in force at each reading's time).
 *
 * A batch newer than everything evaluated continues from the stored state (the open event, or
 * the point's pending breach). A batch with readings at or before it (a unit sending what it kept
 * while it could not report) is walked again over the stored readings from the last one whose
 * state is certain, and the stored spells after it are made to match. Either way the unit's
 * alarm state is held for the batch (a row lock), so its batches are evaluated one at a time
 * across processes, and every change of state and the messages it causes commit together.
 */

/**
 * An alarm still active is news while its readings are recent: one that rose in readings taken
 * more than an hour before they reached us and is still active is told once a recent reading
 * shows it so. An hour lets a unit that lost its connection for a while still alarm on arrival.
 */
export const BACKFILL_AGE_MS = 60 * 60_000;
/** Spells that ended before their readings arrived are told (one message) if they ended this recently. */
export const LATE_NEWS_MS = 7 * 24 * 60 * 60_000;

type Walk = {
  watch: Watch;
  /** The stored spells the walk replaces, oldest first. */
  stored: StoredSpellRow[];
  spells: Spell[];
  state: PointState;
};

/** A change an open page hears of (decision 021). */
type LiveChange = {
  alarmType: Watch['alarmType'];
  puckSerial: string | null;
  isAlarm: boolean;
  at: Date;
};

const ms = (date: Date | null) => (date === null ? null : date.getTime());
const dateOf = (time: number) => new Date(time);

function spellOf(row: StoredSpellRow): Spell {
  const startedAt = ms(row.opening_report_at) ?? 0;
  return {
    startedAt,
    startValue: row.opening_value ?? 0,
    raisedAt: ms(row.raised_report_at) ?? startedAt,
    peak: row.peak_value ?? row.opening_value ?? 0,
    endedAt: ms(row.closing_report_at),
    endValue: row.closing_value,
  };
}

function columnsOf(spell: Spell): SpellColumns {
  return {
    opening_report_at: dateOf(spell.startedAt),
    opening_value: spell.startValue,
    raised_report_at: dateOf(spell.raisedAt),
    peak_value: spell.peak,
    closing_report_at: spell.endedAt === null ? null : dateOf(spell.endedAt),
    closing_value: spell.endValue,
  };
}

const isWatchedBy = (watch: Watch) => (row: StoredSpellRow) =>
  watchKey(row.peripheral_id, row.alarm_type) === watch.key;

function pendingOf(watch: Watch): PointState {
  const point = watch.point;
  if (!point?.pending_since) return NORMAL;
  return {
    kind: 'pending',
    since: point.pending_since.getTime(),
    sinceValue: point.pending_value ?? 0,
    readings: point.pending_readings,
    peak: point.pending_peak ?? 0,
  };
}

const samplesOf = (watch: Watch, reports: ReportsStored['reports']) =>
  reports.map((r) => ({ at: r.reportTimestamp.getTime(), value: watch.valueOf(r) }));

/** A batch newer than everything evaluated: each watch walks on from its stored state. */
function walkOn(
  owner: AlarmOwnerFacts,
  watches: Watch[],
  reports: ReportsStored['reports'],
): Walk[] {
  return watches.map((watch) => {
    const open = owner.openEvents.find(isWatchedBy(watch));
    const initial: PointState = open ? { kind: 'alarm', spell: spellOf(open) } : pendingOf(watch);
    const { state, spells } = walkPoint(initial, samplesOf(watch, reports), watch.conditionAt);
    return { watch, stored: open ? [open] : [], spells, state };
  });
}

/**
 * A batch with late readings (the earliest at `earliestNew`): every watch is walked again over the
 * stored readings from its last reading before them whose state is certain. The window starts an
 * hour before and is widened until every watch finds one, or holds all the owner's readings.
 */
async function walkAgain(
  trx: Transaction<DB>,
  owner: AlarmOwnerFacts,
  stored: ReportsStored,
  earliestNew: Date,
): Promise<Walk[]> {
  const deviceId = stored.device.id;
  const peripheralIds = [
    ...new Set(owner.points.flatMap((p) => (p.peripheral_id === null ? [] : [p.peripheral_id]))),
  ];
  let span = BACKFILL_AGE_MS;
  for (;;) {
    let since = new Date(Math.max(earliestNew.getTime() - span, owner.visible_from.getTime()));
    const spells = await findSpellsSince(trx, owner.id, since);
    // A spell in force at the window's start is walked whole: its readings set its peak.
    const spellStart = Math.min(...spells.map((s) => ms(s.opening_report_at) ?? Infinity));
    if (spellStart < since.getTime()) since = dateOf(spellStart);
    // The owner's settings since the window's start: a late reading is judged by its own.
    const [facts] = (await findAlarmOwners(trx, deviceId, since)).filter((o) => o.id === owner.id);
    if (!facts) return [];
    const reports = await findReadingsSince(trx, { deviceId, peripheralIds, since });
    const isComplete =
      since <= owner.visible_from ||
      !(await hasReadingBetween(trx, deviceId, { from: owner.visible_from, before: since }));
    const watches = watchesOf(facts, stored.device.deviceType);
    const walks: Walk[] = [];
    for (const watch of watches) {
      const own = spells.filter(isWatchedBy(watch));
      const result = reevaluatePoint({
        samples: samplesOf(watch, reports),
        isComplete,
        earliestNew: earliestNew.getTime(),
        stored: own.map(spellOf),
        conditionAt: watch.conditionAt,
      });
      if (result.kind === 'widen') break;
      const after = result.after;
      walks.push({
        watch,
        stored: own.filter((s) => after === null || spellOf(s).startedAt > after),
        spells: result.spells,
        state: result.state,
      });
    }
    if (walks.length === watches.length) return walks;
    span *= 4;
  }
}

/** The owner's brand; an unknown tenant gets the first, as registration gives it. */
const brandOf = (ctx: AppContext, owner: AlarmOwnerFacts) =>
  ctx.brands[isTenantId(owner.tenant_id) ? owner.tenant_id : 1];

function placeOf(
  ctx: AppContext,
  owner: AlarmOwnerFacts,
  stored: ReportsStored,
  watch?: Watch,
): AlarmPlace {
  const point = watch?.peripheralId ? watch.point : null;
  return {
    deviceUrl: deviceUrlOf(ctx.config.publicUrl, owner.id),
    name: owner.name,
    location: owner.location,
    serialNumber: stored.device.serialNumber,
    timeZone: owner.time_zone,
    tempPref: owner.temp_pref,
    puck: point?.puck_serial
      ? { serial: point.puck_serial, name: point.puck_name, location: point.puck_location }
      : null,
  };
}

/**
 * Writes one watch's walk and tells whom it concerns, in the batch's transaction: an alarm that
 * is active and untold is told if its readings are recent and the unit is not snoozed; an alarm
 * that was told and ended gets its all-clear; spells that began and ended before their readings
 * arrived get one message between them.
 */
async function applyWalk(
  ctx: AppContext,
  trx: Transaction<DB>,
  owner: AlarmOwnerFacts,
  stored: ReportsStored,
  walk: Walk,
): Promise<LiveChange | null> {
  const { watch } = walk;
  const now = ctx.now();
  const rows = new Map(walk.stored.map((row) => [row.id, row]));
  const changes = reconcileSpells(
    walk.stored.map((row) => ({ ...spellOf(row), id: row.id })),
    walk.spells,
  );
  const notifications = matchingNotifications(
    owner.notifications,
    watch.alarmType,
    watch.peripheralId,
  );
  const place = placeOf(ctx, owner, stored, watch);
  const range = watch.point && rangeOf(watch.point);
  const readingOf = (value: number | null, at: number): AlarmReading => ({
    alarmType: watch.alarmType,
    value,
    range,
    at: dateOf(at),
  });
  const allClear = async (eventId: number, reading: AlarmReading) => {
    const told = await findToldNotificationIds(trx, eventId);
    await tellEach(ctx, trx, {
      kind: 'all-clear',
      eventId,
      place,
      notifications: notifications.filter((n) => told.has(n.id) && n.tell_all_clear),
      build: (placed) => buildAllClearMessage(placed, reading),
    });
  };
  const newest = stored.reports.at(-1)!.reportTimestamp;

  // A spell a late reading un-raised is gone; whoever was told it is active hears it is over.
  for (const { id, was } of changes.deleted)
    if (rows.get(id)?.is_notified && was.endedAt === null)
      await allClear(id, { alarmType: watch.alarmType, value: null, range, at: newest });
  await deleteSpells(
    trx,
    changes.deleted.map((d) => d.id),
  );
  // Closing first: the sensor's one open event may pass to another spell.
  const updates = [...changes.updated].sort(
    (a, b) => Number(a.spell.endedAt === null) - Number(b.spell.endedAt === null),
  );
  for (const { id, was, spell } of updates) {
    await updateSpell(trx, id, { ...columnsOf(spell), now, wasOpen: was.endedAt === null });
    if (was.endedAt === null && spell.endedAt !== null && rows.get(id)?.is_notified)
      await allClear(id, readingOf(spell.endValue, spell.endedAt));
  }
  const ids = new Map<Spell, number>(
    [...changes.updated, ...changes.kept].map(({ id, spell }) => [spell, id] as const),
  );
  for (const spell of changes.inserted) {
    const id = await insertSpell(trx, {
      ...columnsOf(spell),
      userDeviceId: owner.id,
      peripheralId: watch.peripheralId,
      alarmType: watch.alarmType,
      now,
    });
    if (id !== undefined) ids.set(spell, id);
  }

  const isSnoozed = owner.alarms_snoozed_until !== null && owner.alarms_snoozed_until > now;
  const isRecent = stored.receivedAt.getTime() - newest.getTime() <= BACKFILL_AGE_MS;
  const open = walk.spells.find((s) => s.endedAt === null);
  const openId = open && ids.get(open);
  const canTell = !isSnoozed && notifications.length > 0;
  if (open && openId !== undefined && canTell && isRecent && !rows.get(openId)?.is_notified) {
    await tellRaised(ctx, trx, {
      eventId: openId,
      place,
      notifications,
      build: (n, placed, url) => {
        const reading = readingOf(open.startValue, open.startedAt);
        // An e-mail (the one with a link) is drawn in the owner's brand; the rest are words.
        return url
          ? buildAlarmEmail(n.message, placed, reading, {
              acknowledgeUrl: url,
              brand: brandOf(ctx, owner),
            })
          : buildAlarmMessage(n.message, placed, reading);
      },
    });
    await markNotified(trx, [openId]);
  }
  // Spells that ended and were never told: found in late readings, or active only in readings
  // too old to be news until now.
  const untold = [
    ...changes.inserted,
    ...changes.updated
      .filter((u) => u.was.endedAt === null && !rows.get(u.id)?.is_notified)
      .map((u) => u.spell),
  ];
  const late = untold
    .filter((s) => s.endedAt !== null && stored.receivedAt.getTime() - s.endedAt <= LATE_NEWS_MS)
    .sort((a, b) => a.startedAt - b.startedAt);
  const lateIds = late.flatMap((s) => ids.get(s) ?? []);
  if (lateIds.length > 0 && canTell) {
    const excess = (s: Spell) => (range ? Math.max(range.min - s.peak, s.peak - range.max) : 0);
    const worst = late.reduce((a, b) => (excess(b) > excess(a) ? b : a));
    await tellEach(ctx, trx, {
      kind: 'alarm-late',
      eventId: lateIds.at(-1)!,
      place,
      // Escalations wait for an answer to an active alarm; these spells are over.
      notifications: notifications.filter((n) => n.wait_minutes === 0),
      build: (placed) =>
        buildLateMessage(placed, {
          alarmType: watch.alarmType,
          from: dateOf(late[0]!.startedAt),
          to: dateOf(late.at(-1)!.endedAt!),
          worst: worst.peak,
          range,
          spells: late.length,
        }),
    });
    await markNotified(trx, lateIds);
  }
  const wasOpen = walk.stored.some((row) => row.closing_report_at === null);
  if ((open !== undefined) === wasOpen) return null;
  return {
    alarmType: watch.alarmType,
    puckSerial: (watch.peripheralId && watch.point?.puck_serial) || null,
    isAlarm: open !== undefined,
    at: open ? dateOf(open.raisedAt) : newest,
  };
}

/** A unit that reports again ends its NOCALL spell (the watchdog opened it on the silence). */
async function closeNoCall(
  ctx: AppContext,
  trx: Transaction<DB>,
  owner: AlarmOwnerFacts,
  stored: ReportsStored,
  newest: Date,
): Promise<LiveChange | null> {
  const open = owner.openEvents.find((e) => e.alarm_type === 'NOCALL');
  // A late reading from before the silence is not a call-in.
  if (!open || (open.opening_report_at && newest <= open.opening_report_at)) return null;
  const closed = await closeNoCallEvent(trx, owner.id, { closedAt: ctx.now(), reportAt: newest });
  if (!closed) return null;
  if (closed.is_notified) {
    const told = await findToldNotificationIds(trx, closed.id);
    const place = placeOf(ctx, owner, stored);
    await tellEach(ctx, trx, {
      kind: 'all-clear',
      eventId: closed.id,
      place,
      notifications: matchingNotifications(owner.notifications, 'NOCALL', null).filter(
        (n) => told.has(n.id) && n.tell_all_clear,
      ),
      build: (placed) =>
        buildAllClearMessage(placed, { alarmType: 'NOCALL', value: null, range: null, at: newest }),
    });
  }
  return { alarmType: 'NOCALL', puckSerial: null, isAlarm: false, at: newest };
}

/** The points' last readings (from readings newer than any evaluated), raised alarms and pending breaches. */
function pointRecords(
  owner: AlarmOwnerFacts,
  reports: ReportsStored['reports'],
  walks: Walk[],
): AlarmPointReading[] {
  const through = owner.alarms_evaluated_through;
  const records = new Map<number, AlarmPointReading>(
    owner.points.map((p) => [
      p.id,
      {
        id: p.id,
        lastReadValue: null,
        lastReadAt: null,
        lastTriggeredAlarm: null,
        pending: p.pending_since && {
          since: p.pending_since,
          readings: p.pending_readings,
          peak: p.pending_peak ?? 0,
          value: p.pending_value ?? 0,
        },
      },
    ]),
  );
  for (const report of reports) {
    if (through && report.reportTimestamp <= through) continue;
    for (const { pointId, value } of pointReadings(owner, report))
      Object.assign(records.get(pointId)!, {
        lastReadValue: value,
        lastReadAt: report.reportTimestamp,
      });
  }
  for (const { watch, spells, state } of walks) {
    const record = watch.point && records.get(watch.point.id);
    if (!record) continue;
    const raised = Math.max(...spells.map((s) => s.raisedAt));
    if (Number.isFinite(raised)) record.lastTriggeredAlarm = dateOf(raised);
    record.pending =
      state.kind === 'pending'
        ? {
            since: dateOf(state.since),
            readings: state.readings,
            peak: state.peak,
            value: state.sinceValue,
          }
        : null;
  }
  return [...records.values()];
}

/** The batch's readings that are the owner's: earlier ones are an earlier owner's (decision 017). */
const reportsOf = (owner: AlarmOwnerFacts, stored: ReportsStored) =>
  stored.reports.filter((r) => r.reportTimestamp >= owner.visible_from);

/** Evaluates one batch for one owner row; answers what open pages should hear. */
async function evaluateOwner(
  ctx: AppContext,
  trx: Transaction<DB>,
  owner: AlarmOwnerFacts,
  stored: ReportsStored,
): Promise<LiveChange[]> {
  const reports = reportsOf(owner, stored);
  const oldest = reports[0]?.reportTimestamp;
  const newest = reports.at(-1)?.reportTimestamp;
  if (!oldest || !newest) return [];
  const through = owner.alarms_evaluated_through;
  const walks =
    through && oldest <= through
      ? await walkAgain(trx, owner, stored, oldest)
      : walkOn(owner, watchesOf(owner, stored.device.deviceType), reports);
  const changes: LiveChange[] = [];
  const noCall = await closeNoCall(ctx, trx, owner, stored, newest);
  if (noCall) changes.push(noCall);
  for (const walk of walks) {
    const change = await applyWalk(ctx, trx, owner, stored, walk);
    if (change) changes.push(change);
  }
  await recordEvaluation(trx, {
    deviceId: stored.device.id,
    evaluatedThrough: newest,
    points: pointRecords(owner, reports, walks),
  });
  return changes;
}

/**
 * A quiet batch, the usual one: newer than everything evaluated, for owners with no open spell,
 * and no breach in it raises an alarm (one within its delay may be pending). Its evaluation
 * changes nothing but the record, written in one statement without the unit's lock, and only if no
 * other evaluation was recorded since `owners` were read (decision 061). False when the batch is
 * not quiet or the record was stale: the caller then evaluates it under the lock.
 */
async function recordQuietBatch(
  ctx: AppContext,
  owners: readonly AlarmOwnerFacts[],
  stored: ReportsStored,
): Promise<boolean> {
  const points: AlarmPointReading[] = [];
  let newest: Date | undefined;
  for (const owner of owners) {
    const reports = reportsOf(owner, stored);
    const last = reports.at(-1)?.reportTimestamp;
    if (!last) continue;
    const through = owner.alarms_evaluated_through;
    if (owner.openEvents.length > 0 || (through && reports[0]!.reportTimestamp <= through))
      return false;
    const walks = walkOn(owner, watchesOf(owner, stored.device.deviceType), reports);
    if (walks.some((walk) => walk.spells.length > 0)) return false;
    points.push(...pointRecords(owner, reports, walks));
    if (!newest || last > newest) newest = last;
  }
  // No owner, or none the readings belong to: there is nothing to evaluate.
  if (!newest) return true;
  return recordEvaluation(ctx.db, {
    deviceId: stored.device.id,
    evaluatedThrough: newest,
    points,
    ifEvaluations: owners[0]!.alarms_evaluations,
  });
}

/**
 * The listener: loads the unit's owner rows with their alarm points, notifications and open
 * events in one query and walks the batch in memory. A quiet batch is recorded at once; any other
 * holds the unit's alarm state (re-reading the facts only if another evaluation was recorded
 * since), writes only what changed, and open pages hear of alarms that rose or ended once it
 * has committed.
 */
export const evaluateAlarms: ReportsStoredListener<AppContext> = async (ctx, stored) => {
  const oldest = stored.reports[0]?.reportTimestamp;
  if (!oldest) return;
  const deviceId = stored.device.id;
  const read = await findAlarmOwners(ctx.db, deviceId, oldest);
  if (await recordQuietBatch(ctx, read, stored)) return;
  const changes = await ctx.db.transaction().execute(async (trx) => {
    const evaluations = await lockUnitAlarms(trx, deviceId);
    const owners = read.every((owner) => owner.alarms_evaluations === evaluations)
      ? read
      : await findAlarmOwners(trx, deviceId, oldest);
    const all: LiveChange[] = [];
    for (const owner of owners) all.push(...(await evaluateOwner(ctx, trx, owner, stored)));
    return all;
  });
  for (const { at, ...change } of changes)
    await ctx.live.publishAlarmState({ deviceId, ...change, reportAt: at });
};
