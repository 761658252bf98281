// Test-only: a history page's device, answers and render; production code never imports it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { AppProviders } from '../../../app/providers';
import { makeAlarmPoint, makeDevice } from '../../../entities/device/test/device-fixtures';
import { signInAs } from '../../../test/render-app';
import type { ReportSummaryAnswer } from '../api/get-report-summary';
import type { ReportTableRow } from '../api/get-report-table';
import { HistoryView } from '../components/history-view';

/** Monday, November 23, 2026, 10:00 AM in the device's zone (Eastern, GMT-5). */
export const NOW = new Date('2026-11-23T15:00:00.000Z');
export const DEVICE_ID = 11;
export const SUMMARY_PATH = `/api/reportsummary/devices/${DEVICE_ID}`;
export const TABLE_PATH = `/api/reporttable/devices/${DEVICE_ID}`;
export const FILE_PATH = `/api/reportlog/devices/${DEVICE_ID}/generatefile`;
export const CERTIFICATE_PATH = `/api/nistcertificate/devices/${DEVICE_ID}`;

/** Unix seconds of an ISO time. */
export const unix = (iso: string) => Date.parse(iso) / 1000;

const HOUR_MS = 3_600_000;

/** A summary answer: a reading every hour of the day so far, 68–72 °F and 40–50 %, power on. */
export function aSummary(extra: Partial<ReportSummaryAnswer> = {}): ReportSummaryAnswer {
  const start = Date.parse('2026-11-23T05:00:00.000Z');
  const hours = Array.from({ length: 10 }, (_, index) => start + index * HOUR_MS);
  return {
    tempData: hours.map((at, index) => [at, 68 + (index % 5)]),
    humidityData: hours.map((at, index) => [at, 40 + index]),
    powerData: hours.map((at) => [at, 5]),
    axisMin: 63,
    axisMax: 77,
    stats: {
      temperature: { min: 68, max: 72, average: 70, count: 10 },
      humidity: { min: 40, max: 49, average: 44.5, count: 10 },
    },
    alarmSpells: [],
    from: start,
    to: NOW.getTime(),
    ...extra,
  };
}

/** `count` table rows, newest first, from `startIso` back in 5-minute steps. */
export function tableRows(
  count: number,
  {
    startIso = '2026-11-23T14:55:00.000Z',
    inAlarm = () => false,
  }: { startIso?: string; inAlarm?: (index: number) => boolean } = {},
): ReportTableRow[] {
  const start = Date.parse(startIso);
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(start - index * 5 * 60_000);
    return {
      ReportTimestamp: at.toISOString(),
      LocalTime: new Date(at.getTime() - 5 * HOUR_MS).toISOString().slice(0, 16).replace('T', ' '),
      Temperature: 70 + (index % 3),
      Humidity: 45,
      Power: 'ON',
      Water: null,
      Motion: null,
      BatteryLevel: null,
      InAlarm: inAlarm(index),
    };
  });
}

/** The history test device: a PRO unit (type 4), Eastern time, ranges 40–85 °F and 10–70 %. */
export function historyDevice(extra: Partial<UserDevice> = {}): UserDevice {
  return makeDevice({
    Id: DEVICE_ID,
    Name: 'Server Room',
    AlarmPoints: [makeAlarmPoint('TEMP', [40, 85]), makeAlarmPoint('HUMIDITY', [10, 70])],
    ...extra,
  });
}

/** A puck of the history device. */
export function aPuck(extra: Partial<Peripheral> = {}): Peripheral {
  return {
    Id: '0A1B2C3D',
    SerialNumber: '0A-1B-2C-3D',
    Name: 'Chest freezer',
    Location: 'Garage',
    DeviceId: '359000000000011',
    UserDeviceId: DEVICE_ID,
    LogicLevel: 32774,
    SPuckStyle: 0,
    SPuckAlias: null,
    BatteryLevel: 80,
    CallinTime: null,
    ManufactureDate: null,
    Sensors: [],
    AlarmPoints: [],
    ...extra,
  };
}

/** Renders the history of `device` (or its `puck`) for the signed-in demo user at NOW. */
export async function renderHistory({
  device = historyDevice(),
  puck = null,
  unit = 'F',
  now = NOW,
}: { device?: UserDevice; puck?: Peripheral | null; unit?: TempPref; now?: Date } = {}) {
  signInAs();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <HistoryView userId={7} device={device} puck={puck} unit={unit} now={now} />
    </AppProviders>,
  );
  // The brand gate shows a loader until the brands answer.
  await screen.findByTestId('history-period');
  return { ...view, user, queryClient };
}
