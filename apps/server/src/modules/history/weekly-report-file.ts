import type { ReportWeek } from '@monitor/domain/history/weekly-report';
import type { AppContext } from '../../context';
import { findUserDeviceRow } from '../devices/user-devices.repository';
import { writeReadingsCsv } from './report-file.service';
import { deviceSelection } from './report-table.service';
import type { WeeklyReportSubject } from './weekly-report.repository';

/**
 * The week's readings as the same CSV a download makes, in file storage, for the weekly
 * report's attachment (decision 032), in the owner's unit and the device's time zone.
 */
export async function writeWeekFile(
  ctx: AppContext,
  { subject, week }: { subject: WeeklyReportSubject; week: ReportWeek },
): Promise<{ fileName: string; fileKey: string }> {
  const row = await findUserDeviceRow(ctx.db, subject.user_device_id);
  if (!row) throw new Error(`user device ${subject.user_device_id} is gone`);
  const selection = deviceSelection({ row, ownerRowId: row.id, isOwner: true }, week);
  const fileName = `${subject.serial_number}-week-${week.weekStart}.csv`;
  const fileKey = `reports/${subject.user_device_id}/weekly-${week.weekStart}.csv`;
  await writeReadingsCsv(ctx, {
    key: fileKey,
    downloadName: fileName,
    selection,
    columns: { humidity: selection.shown.humidity, power: true, puck: false },
    tempPref: subject.temp_pref,
    offsetSeconds: subject.time_zone * 3600,
    isAlarmOnly: false,
  });
  return { fileName, fileKey };
}
