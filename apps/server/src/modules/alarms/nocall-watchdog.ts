import { isTenantId } from '@monitor/domain/shared/brands';
import type { DeviceType } from '@monitor/domain/devices/device-types';
import {
  REFRESH_THRESHOLD_MINUTES,
  refreshThresholdMs,
} from '@monitor/domain/devices/live-channel';
import {
  isPetMonitorActive,
  PET_MONITOR_REPORT_INTERVAL_MINUTES,
} from '@monitor/domain/devices/pet-monitor';
import type { AppContext } from '../../context';
import { markNotified } from './alarm-events.repository';
import { findNoCallCandidates, openNoCallEvent, type NoCallCandidate } from './nocall.repository';
import type { JobQueue } from '../../platform/jobs/queue';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import { matchingNotifications, tellRaised } from './alarm-deliveries';
import { buildNoCallMessage, deviceUrlOf, type AlarmPlace } from './alarm-messages';
import { buildNoCallEmail } from './alarm-mail';

/**
 * The NOCALL watchdog (issue #4, decision 011): once a minute, across however many server
 * processes, it opens a NOCALL event for each unit silent for longer than its expected interval
 * times a grace factor, and delivers the owner's NOCALL notifications. The alarm engine closes the
 * event, with an all-clear, when the unit reports again.
 */

/** The pg-boss queue of the watchdog's ticks. */
export const NOCALL_WATCHDOG = 'nocall-watchdog';
/** Seconds between ticks. */
export const NOCALL_TICK_SECONDS = 60;
/**
 * Silence of this many expected intervals raises NOCALL: one or two missed reports are a weak
 * cellular signal more often than a dead unit, three in a row are worth a message.
 */
export const NOCALL_GRACE_FACTOR = 3;

const MINUTE_MS = 60_000;

/**
 * How often a unit is expected to report: the refresh threshold of its type (basic 15 minutes,
 * PRO 5, device-management §4), or 20 minutes while its pet monitor mode is on (§4, §9).
 */
export function expectedReportIntervalMs(deviceType: DeviceType, isPetMonitoring: boolean): number {
  const base = refreshThresholdMs(deviceType);
  return isPetMonitoring ? Math.max(base, PET_MONITOR_REPORT_INTERVAL_MINUTES * MINUTE_MS) : base;
}

function isSilentTooLong(unit: NoCallCandidate, now: Date): boolean {
  const isPetMonitoring = isPetMonitorActive(
    {
      isPetMonitor: unit.pet_monitor,
      lastRequestedTime:
        unit.last_requested_time === null ? null : Number(unit.last_requested_time),
      // Muted owner rows are not candidates at all.
      isMuted: false,
    },
    now,
  );
  const limit = expectedReportIntervalMs(unit.device_type, isPetMonitoring) * NOCALL_GRACE_FACTOR;
  return now.getTime() - unit.last_report_at.getTime() >= limit;
}

async function raiseNoCall(ctx: AppContext, unit: NoCallCandidate, now: Date): Promise<boolean> {
  const notifications = matchingNotifications(unit.notifications, 'NOCALL', null);
  const place: AlarmPlace = {
    deviceUrl: deviceUrlOf(ctx.config.publicUrl, unit.user_device_id),
    name: unit.name,
    location: unit.location,
    serialNumber: unit.serial_number,
    timeZone: unit.time_zone,
    tempPref: unit.temp_pref,
  };
  const last = { at: unit.last_report_at, temperature: unit.temperature, humidity: unit.humidity };
  return ctx.db.transaction().execute(async (trx) => {
    const eventId = await openNoCallEvent(trx, {
      userDeviceId: unit.user_device_id,
      openedAt: now,
      reportAt: unit.last_report_at,
      isNotified: false,
    });
    if (eventId === undefined) return false;
    await tellRaised(ctx, trx, {
      eventId,
      place,
      notifications,
      // An e-mail (the one with a link) is drawn in the owner's brand; the rest are words.
      build: (n, placed, url) =>
        url
          ? buildNoCallEmail(n.message, placed, last, {
              acknowledgeUrl: url,
              brand: ctx.brands[isTenantId(unit.tenant_id) ? unit.tenant_id : 1],
            })
          : buildNoCallMessage(n.message, placed, last),
    });
    if (notifications.length > 0) await markNotified(trx, [eventId]);
    return true;
  });
}

/**
 * One tick: raises NOCALL for every unit silent too long that has none open yet; answers how
 * many it raised. A unit that never reported is not watched (nothing has stopped), and a muted
 * one (Device OFF) is expected to be silent.
 */
export async function runNoCallWatchdog(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const shortest = REFRESH_THRESHOLD_MINUTES.pro * MINUTE_MS * NOCALL_GRACE_FACTOR;
  const candidates = await findNoCallCandidates(ctx.db, {
    silentBefore: new Date(now.getTime() - shortest),
    now,
  });
  let raised = 0;
  for (const unit of candidates) {
    if (!isSilentTooLong(unit, now) || !(await raiseNoCall(ctx, unit, now))) continue;
    raised += 1;
    // The open pages of everyone who sees the unit learn of it at once (decision 021).
    await ctx.live.publishAlarmState({
      deviceId: unit.device_id,
      alarmType: 'NOCALL',
      puckSerial: null,
      isAlarm: true,
      reportAt: unit.last_report_at,
    });
  }
  return raised;
}

/** Starts the ticks: one chain of them whatever the number of processes (platform/jobs/periodic.ts). */
export async function startNoCallWatchdog(
  ctx: AppContext,
  queue: Pick<JobQueue, 'boss' | 'work'>,
  { tickSeconds = NOCALL_TICK_SECONDS }: { tickSeconds?: number } = {},
): Promise<void> {
  await startPeriodicJob(queue, NOCALL_WATCHDOG, { everySeconds: tickSeconds }, () =>
    runNoCallWatchdog(ctx),
  );
}
