/**
 * The weekly report e-mail (issue #12 "scheduled reports"): an owner who opts in gets, each Monday
 * morning in the device's time zone, the week just ended: Monday 00:00 to Monday 00:00 local.
 * Time zones are fixed GMT offsets in hours, as UserDevice.TimeZone holds them.
 */

/** The report goes out from 07:00 local on Monday; a sweep that misses the hour catches up that day. */
export const WEEKLY_REPORT_HOUR = 7;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MONDAY = 1;

export type ReportWeek = {
  /** The local Monday the reported week starts on, 'YYYY-MM-DD': with the device, the report's key. */
  weekStart: string;
  from: Date;
  to: Date;
};

/**
 * The week whose report is due at `now` for a device at `gmtOffsetHours`, or null when none is:
 * only on Monday from 07:00 local to midnight, so a device opted in later in the week waits for
 * the next Monday rather than getting a week it never asked for.
 */
export function dueReportWeek(now: Date, gmtOffsetHours: number): ReportWeek | null {
  const shift = gmtOffsetHours * HOUR_MS;
  const local = new Date(now.getTime() + shift);
  if (local.getUTCDay() !== MONDAY || local.getUTCHours() < WEEKLY_REPORT_HOUR) return null;
  const thisMondayLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return reportWeekStarting(
    new Date(thisMondayLocal - 7 * DAY_MS).toISOString().slice(0, 10),
    gmtOffsetHours,
  );
}

/** The reported week that starts on the local Monday `weekStart` ('YYYY-MM-DD'). */
export function reportWeekStarting(weekStart: string, gmtOffsetHours: number): ReportWeek {
  const startLocal = Date.parse(`${weekStart}T00:00:00Z`);
  const shift = gmtOffsetHours * HOUR_MS;
  return {
    weekStart,
    from: new Date(startLocal - shift),
    to: new Date(startLocal + 7 * DAY_MS - shift),
  };
}

/** The last local day of a reported week, 'YYYY-MM-DD'. */
export function lastDayOfReportWeek(weekStart: string): string {
  return new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
}
