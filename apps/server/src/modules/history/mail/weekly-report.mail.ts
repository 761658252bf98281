import type { Brand } from '@monitor/domain/shared/brands';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { fahrenheit, fahrenheitToCelsius, type TempPref } from '@monitor/domain/shared/temperature';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailButton, mailPage } from '../../../platform/mail/html';

/** min / max / average of one sensor; null with no readings. */
export type SensorSummary = { min: number; max: number; average: number } | null;

export type WeeklyReportDay = {
  /** 'YYYY-MM-DD', local. */
  day: string;
  temperature: SensorSummary;
  humidity: SensorSummary;
  powerOffReadings: number;
  readings: number;
};

export type WeeklyReportMail = {
  to: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
  deviceName: string;
  serialNumber: string;
  /** 'Eastern (GMT-5)'. */
  timeZoneLabel: string;
  /** First and last local day of the week, 'YYYY-MM-DD'. */
  firstDay: string;
  lastDay: string;
  tempPref: TempPref;
  /** Temperatures arrive in °F, as stored. */
  week: { temperature: SensorSummary; humidity: SensorSummary; readings: number };
  days: readonly WeeklyReportDay[];
  /** Alarm events opened in the week: when (local, formatted) and what. */
  alarms: readonly { at: string; what: string; closed: string }[];
  historyUrl: string;
  /** The name of the attached CSV. */
  fileName: string;
};

/** 'Monday, November 16, 2026' from 'YYYY-MM-DD', as the device's times are written. */
const longDay = (day: string) => formatLongDate(day, { withWeekday: true });

function temperature(value: number, pref: TempPref): string {
  const shown = pref === 'C' ? fahrenheitToCelsius(fahrenheit(value)) : value;
  return `${shown.toFixed(1)} °${pref}`;
}

function describe(
  summary: SensorSummary,
  format: (value: number) => string,
): [string, string, string] {
  if (!summary) return ['no readings', '–', '–'];
  return [format(summary.min), format(summary.max), format(summary.average)];
}

/**
 * The weekly report e-mail (issue #12 scheduled reports): the week's min / max / average per
 * sensor, a line per day, the alarm events, and the week's readings attached as CSV.
 */
export function buildWeeklyReportMail(report: WeeklyReportMail): MailMessage {
  const temp = (value: number) => temperature(value, report.tempPref);
  const percent = (value: number) => `${value.toFixed(1)} %`;
  const period = `${longDay(report.firstDay)} to ${longDay(report.lastDay)}`;
  const subject = `Weekly report: ${report.deviceName}, ${report.firstDay} to ${report.lastDay}`;
  const sensors = [
    { name: 'Temperature', summary: report.week.temperature, format: temp },
    { name: 'Humidity', summary: report.week.humidity, format: percent },
  ];
  const alarmLines = report.alarms.map((alarm) => `${alarm.at}: ${alarm.what} (${alarm.closed})`);

  const text = [
    `${report.deviceName} (serial ${report.serialNumber}), ${period}, times in ${report.timeZoneLabel}.`,
    '',
    `${report.week.readings} readings.`,
    ...sensors.map(({ name, summary, format }) =>
      summary
        ? `${name}: lowest ${format(summary.min)}, highest ${format(summary.max)}, average ${format(summary.average)}.`
        : `${name}: no readings.`,
    ),
    '',
    report.alarms.length === 0 ? 'No alarms this week.' : 'Alarms this week:',
    ...alarmLines,
    '',
    `Every reading of the week is in the attached file ${report.fileName}.`,
    `History: ${report.historyUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const cell = 'style="padding: 4px 10px; border-bottom: 1px solid #d9e2ec; text-align: left"';
  const row = (cells: readonly string[], tag = 'td') =>
    `<tr>${cells.map((value) => `<${tag} ${cell}>${e(value)}</${tag}>`).join('')}</tr>`;
  const table = (caption: string, head: readonly string[], rows: readonly string[][]) =>
    `    <table style="border-collapse: collapse; margin: 8px 0 16px">
      <caption style="text-align: left; font-weight: bold; padding-bottom: 4px">${e(caption)}</caption>
      <thead>${row(head, 'th')}</thead>
      <tbody>${rows.map((cells) => row(cells)).join('')}</tbody>
    </table>`;
  const html = mailPage(
    report.brand,
    `Weekly report: ${report.deviceName}`,
    `    <p>${e(period)} (serial ${e(report.serialNumber)}, times in ${e(report.timeZoneLabel)}), ${report.week.readings} readings.</p>
${table(
  'The week',
  ['Sensor', 'Lowest', 'Highest', 'Average'],
  sensors.map(({ name, summary, format }) => [name, ...describe(summary, format)]),
)}
${table(
  'Day by day',
  ['Day', 'Temperature low', 'Temperature high', 'Humidity average', 'Power off'],
  report.days.map((day) => [
    longDay(day.day),
    ...describe(day.temperature, temp).slice(0, 2),
    day.humidity ? percent(day.humidity.average) : '–',
    day.powerOffReadings === 0
      ? 'never'
      : `${day.powerOffReadings} reading${day.powerOffReadings === 1 ? '' : 's'}`,
  ]),
)}
    <p>${report.alarms.length === 0 ? 'No alarms this week.' : '<strong>Alarms this week</strong>'}</p>
    ${report.alarms.length === 0 ? '' : `<ul>${alarmLines.map((line) => `<li>${e(line)}</li>`).join('')}</ul>`}
    <p>Every reading of the week is in the attached file ${e(report.fileName)}.</p>
    ${mailButton(report.historyUrl, 'Open the history')}`,
  );
  return { to: report.to, subject, text, html };
}
