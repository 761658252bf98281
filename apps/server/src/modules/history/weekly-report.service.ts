import { formatDeviceDateTime } from '@monitor/domain/devices/device-time';
import {
  findTimeZoneOption,
  formatTimeZoneOption,
  TIME_ZONE_OPTIONS,
} from '@monitor/domain/devices/time-zones';
import {
  dueReportWeek,
  lastDayOfReportWeek,
  reportWeekStarting,
} from '@monitor/domain/history/weekly-report';
import { isTenantId } from '@monitor/domain/shared/brands';
import type { AppContext } from '../../context';
import { describeAlarmEvent } from '../alarms/alarm-messages';
import { requireUserDevice } from '../devices/device-access.service';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { buildWeeklyReportMail, type SensorSummary } from './mail/weekly-report.mail';
import { writeWeekFile } from './weekly-report-file';
import {
  claimWeeklyReport,
  findAlarmEventsOpenedBetween,
  findDailyReadingStats,
  findWeeklyReportCandidates,
  findWeeklyReportSubject,
  recordWeeklyReportDelivery,
  setWeeklyReport,
  type DailyReadingStats,
} from './weekly-report.repository';

/**
 * Whether the caller gets the weekly report of this device: only its owner ever does, so a
 * sub-account given the unit reads false.
 */
export async function getReportSchedule(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<{ WeeklyReport: boolean }> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  return { WeeklyReport: access.isOwner && access.row.weekly_report };
}

/** The owner turns the weekly report on or off; a sub-account may not (device-management §6). */
export async function changeReportSchedule(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    weeklyReport,
  }: { callerId: number; userDeviceId: number; weeklyReport: boolean },
): Promise<{ WeeklyReport: boolean }> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
  await setWeeklyReport(ctx.db, access.row.id, weeklyReport);
  return { WeeklyReport: weeklyReport };
}

/** The queue that makes one device's report for one week (decision 032). */
export const WEEKLY_REPORT = 'weekly-report';
export type WeeklyReportJob = { userDeviceId: number; weekStart: string };

/**
 * Queues a report for each opted-in owner row whose week is due now in its time zone and not
 * made yet; answers how many. Safe to run often and on several processes: the job's singleton
 * key holds one waiting job per device and week, and making the report claims its row.
 */
export async function sweepWeeklyReports(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const weeks = TIME_ZONE_OPTIONS.flatMap(({ offset }) => {
    const week = dueReportWeek(now, offset);
    return week ? [{ timeZone: offset, weekStart: week.weekStart }] : [];
  });
  const due = await findWeeklyReportCandidates(ctx.db, weeks);
  for (const candidate of due) {
    const week = weeks.find(({ timeZone }) => timeZone === candidate.time_zone);
    if (!week) continue;
    const job: WeeklyReportJob = {
      userDeviceId: candidate.user_device_id,
      weekStart: week.weekStart,
    };
    await ctx.jobs.boss.send(WEEKLY_REPORT, job, {
      singletonKey: `${job.userDeviceId}:${job.weekStart}`,
    });
  }
  return due.length;
}

/** A day's or a week's figures of one sensor from sums and counts. */
function summarise(
  min: number | null,
  max: number | null,
  sum: number | null,
  count: number,
): SensorSummary {
  if (count === 0 || min === null || max === null || sum === null) return null;
  return { min, max, average: sum / count };
}

/** The week's figures, averages weighted by each day's count. */
function summariseWeek(days: readonly DailyReadingStats[]) {
  const total = (pick: (day: DailyReadingStats) => number | null) =>
    days.reduce((sum, day) => sum + (pick(day) ?? 0), 0);
  const extreme = (values: (number | null)[], pick: (...v: number[]) => number) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length ? pick(...present) : null;
  };
  return {
    temperature: summarise(
      extreme(
        days.map((day) => day.temperature_min),
        Math.min,
      ),
      extreme(
        days.map((day) => day.temperature_max),
        Math.max,
      ),
      total((day) => day.temperature_sum),
      total((day) => day.temperature_count),
    ),
    humidity: summarise(
      extreme(
        days.map((day) => day.humidity_min),
        Math.min,
      ),
      extreme(
        days.map((day) => day.humidity_max),
        Math.max,
      ),
      total((day) => day.humidity_sum),
      total((day) => day.humidity_count),
    ),
    readings: total((day) => day.reading_count),
  };
}

/**
 * Makes and queues one device's report for one week: the week's figures, a line per day, the
 * alarm events and the week's CSV in file storage, attached. Sends nothing when the owner has
 * turned the report off since, or when it was made already (another process, a retried job):
 * the claim of its row and the e-mail's delivery commit together.
 */
export async function makeWeeklyReport(
  ctx: AppContext,
  { userDeviceId, weekStart }: WeeklyReportJob,
): Promise<'queued' | 'already-made' | 'not-wanted'> {
  const subject = await findWeeklyReportSubject(ctx.db, userDeviceId);
  if (
    !subject ||
    !subject.weekly_report ||
    !subject.is_active ||
    subject.parent_user_device_id !== null
  ) {
    return 'not-wanted';
  }
  const week = reportWeekStarting(weekStart, subject.time_zone);
  const days = await findDailyReadingStats(ctx.db, {
    userDeviceId,
    from: week.from,
    to: week.to,
    gmtOffsetHours: subject.time_zone,
  });
  const alarms = await findAlarmEventsOpenedBetween(ctx.db, {
    ownerRowId: userDeviceId,
    from: week.from,
    to: week.to,
  });
  const file = await writeWeekFile(ctx, { subject, week });
  const zone = findTimeZoneOption(subject.time_zone);
  const deviceName = subject.name ?? `Unit ${subject.serial_number}`;
  const message = buildWeeklyReportMail({
    to: subject.email_address,
    brand: ctx.brands[isTenantId(subject.tenant_id) ? subject.tenant_id : 1],
    deviceName,
    serialNumber: subject.serial_number,
    timeZoneLabel: zone ? formatTimeZoneOption(zone) : `GMT${subject.time_zone}`,
    firstDay: weekStart,
    lastDay: lastDayOfReportWeek(weekStart),
    tempPref: subject.temp_pref,
    week: summariseWeek(days),
    days: days.map((day) => ({
      day: day.day,
      temperature: summarise(
        day.temperature_min,
        day.temperature_max,
        day.temperature_sum,
        day.temperature_count,
      ),
      humidity: summarise(day.humidity_min, day.humidity_max, day.humidity_sum, day.humidity_count),
      powerOffReadings: day.power_off_count,
      readings: day.reading_count,
    })),
    alarms: alarms.map((alarm) => ({
      at: formatDeviceDateTime(alarm.opened_at, subject.time_zone),
      what: [
        describeAlarmEvent(alarm.alarm_type),
        alarm.peripheral_name && `on ${alarm.peripheral_name}`,
      ]
        .filter(Boolean)
        .join(' '),
      closed: alarm.closed_at
        ? `back to normal ${formatDeviceDateTime(alarm.closed_at, subject.time_zone)}`
        : 'still in alarm',
    })),
    historyUrl: `${ctx.config.publicUrl}/devices/${userDeviceId}/history?tid=${subject.tenant_id}`,
    fileName: file.fileName,
  });
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await claimWeeklyReport(trx, userDeviceId, weekStart))) return 'already-made';
    const delivery = await queueDelivery(
      ctx,
      {
        ...toMailDelivery(message),
        kind: 'weekly-report',
        userId: subject.user_id,
        attachments: [{ fileName: file.fileName, fileKey: file.fileKey, contentType: 'text/csv' }],
      },
      trx,
    );
    await recordWeeklyReportDelivery(trx, { userDeviceId, weekStart, deliveryId: delivery.id });
    return 'queued';
  });
}
