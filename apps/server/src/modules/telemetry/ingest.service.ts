import { INSTANT_UPDATE_ANSWER_WINDOW_MS } from '@monitor/domain/devices/instant-update';
import {
  findReadingDateProblem,
  type ReadingDateProblem,
} from '@monitor/domain/telemetry/reading-dates';
import type {
  DeviceReportAnswer,
  DeviceReportBatch,
  RefusedReport,
} from '@monitor/contract/device-protocol';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import {
  storeDeviceCall,
  type DeviceReportValues,
  type PeripheralReportValues,
} from './ingest.repository';
import type { AuthenticatedDevice } from './device-auth';
import type { ReportsStored, StoredReport } from './reports-stored';

export type IngestResult = { answer: DeviceReportAnswer; stored: ReportsStored };

type PreparedBatch = {
  reports: (DeviceReportValues & { firmwareVersion: string | null })[];
  peripheralReports: (PeripheralReportValues & { serial: string })[];
  /** Readings whose date the unit's clock got wrong: left out of the rows above. */
  refused: RefusedReport[];
};

type ReadingDates = { provisionedAt: Date; now: Date };

function refusalOf(problem: ReadingDateProblem, { provisionedAt }: ReadingDates): string {
  switch (problem) {
    case 'before-provisioning':
      return `dated before the unit was provisioned (${provisionedAt.toISOString()}): its clock is wrong; not stored.`;
    case 'in-future':
      return 'more than 5 minutes ahead of the server: its clock is wrong; not stored.';
  }
}

/**
 * Checks what the schema cannot (the unit's pucks, the dates) and turns the batch into rows.
 * A bad puck throws a 400 naming the field before anything is written; a reading dated before
 * the unit was provisioned or ahead of now is refused alone (decision 055): the rest of the batch
 * is stored, so a unit whose clock slipped once loses no good reading.
 */
function prepareBatch(
  batch: DeviceReportBatch,
  attached: ReadonlyMap<string, number | null>,
  dates: ReadingDates,
): PreparedBatch {
  const prepared: PreparedBatch = { reports: [], peripheralReports: [], refused: [] };
  batch.Reports.forEach((report, index) => {
    const timestamp = new Date(report.ReportTimestamp);
    const problem = findReadingDateProblem(timestamp, dates);
    if (problem) {
      prepared.refused.push({
        Index: index,
        Message: `Reports.${index}.ReportTimestamp: ${refusalOf(problem, dates)}`,
      });
    } else {
      prepared.reports.push({
        report_timestamp: timestamp,
        temperature: report.Temperature ?? null,
        humidity: report.Humidity ?? null,
        power: report.Power ?? null,
        signal_strength: report.SignalStrength ?? null,
        water: report.Water ?? null,
        motion: report.Motion ?? null,
        firmwareVersion: report.FirmwareVersion ?? null,
      });
    }
    report.Peripherals.forEach((reading, puckIndex) => {
      const peripheralId = attached.get(reading.Id);
      if (peripheralId === null) return;
      if (peripheralId === undefined) {
        throw badRequest(
          `Reports.${index}.Peripherals.${puckIndex}.Id: SPuck ${reading.Id} is not attached to this unit.`,
        );
      }
      // Its pucks are checked all the same: a bad puck is a bad batch, whatever the date.
      if (problem) return;
      prepared.peripheralReports.push({
        peripheral_id: peripheralId,
        serial: reading.Id,
        report_timestamp: timestamp,
        temperature: reading.Temperature ?? null,
        humidity: reading.Humidity ?? null,
        water: reading.Water ?? null,
        battery_level: reading.BatteryLevel ?? null,
      });
    });
  });
  return prepared;
}

/** Each puck's newest reading of the batch: its call-in time and battery level. */
function latestPerPuck(rows: PreparedBatch['peripheralReports']) {
  const latest = new Map<number, { id: number; callinTime: Date; batteryLevel: number | null }>();
  for (const row of rows) {
    const seen = latest.get(row.peripheral_id);
    if (!seen || row.report_timestamp >= seen.callinTime) {
      latest.set(row.peripheral_id, {
        id: row.peripheral_id,
        callinTime: row.report_timestamp,
        batteryLevel: row.battery_level,
      });
    }
  }
  return [...latest.values()];
}

/** The newest report that names a firmware version, or null. */
function announcedFirmware(reports: PreparedBatch['reports']): string | null {
  let newest: PreparedBatch['reports'][number] | null = null;
  for (const report of reports) {
    if (report.firmwareVersion && (!newest || report.report_timestamp >= newest.report_timestamp))
      newest = report;
  }
  return newest?.firmwareVersion ?? null;
}

/** What the listeners hear: the readings newly stored, oldest first, each with its new puck readings. */
function toStoredReports(
  prepared: PreparedBatch,
  duplicateTimes: readonly Date[],
  duplicatePuckReadings: readonly { peripheral_id: number; report_timestamp: Date }[],
): StoredReport[] {
  // A reading is new unless it was already stored; of two with the same key in one batch, the
  // first was stored and the second is the duplicate.
  const oldTimes = new Set(duplicateTimes.map((time) => time.getTime()));
  const seenPuckKeys = new Set(
    duplicatePuckReadings.map((row) => `${row.peripheral_id}@${row.report_timestamp.getTime()}`),
  );
  const stored = new Map<number, StoredReport>();
  for (const report of prepared.reports) {
    const time = report.report_timestamp.getTime();
    if (oldTimes.has(time) || stored.has(time)) continue;
    stored.set(time, {
      reportTimestamp: report.report_timestamp,
      temperature: report.temperature,
      humidity: report.humidity,
      power: report.power,
      signalStrength: report.signal_strength,
      water: report.water,
      motion: report.motion,
      peripherals: [],
    });
  }
  for (const row of prepared.peripheralReports) {
    const time = row.report_timestamp.getTime();
    const key = `${row.peripheral_id}@${time}`;
    const report = stored.get(time);
    if (!report || seenPuckKeys.has(key)) continue;
    seenPuckKeys.add(key);
    report.peripherals.push({
      peripheralId: row.peripheral_id,
      serial: row.serial,
      temperature: row.temperature,
      humidity: row.humidity,
      water: row.water,
      batteryLevel: row.battery_level,
    });
  }
  return [...stored.values()].sort(
    (a, b) => a.reportTimestamp.getTime() - b.reportTimestamp.getTime(),
  );
}

/**
 * One call of the device protocol (docs/device-protocol.md): validates the whole batch and sets
 * aside the readings refused for their date (decision 055), then in one statement (one commit)
 * stores the rest (a reading already stored is a duplicate and skipped), updates the unit and
 * its pucks, records the acknowledgements (an RPT or DOG answered in time with readings spends its
 * instant update) and hands over the commands still waiting. When this returns, every reading of
 * the batch not refused is committed.
 */
export async function ingestReports(
  ctx: AppContext,
  device: AuthenticatedDevice,
  batch: DeviceReportBatch,
): Promise<IngestResult> {
  const now = ctx.now();
  // null: attached, awaiting its upfront charge, so its readings are not taken (issue #22).
  const attached = new Map(
    device.peripherals.map((puck) => [puck.serial, puck.awaitingPayment ? null : puck.id]),
  );
  const prepared = prepareBatch(batch, attached, { provisionedAt: device.provisionedAt, now });
  const { storedCount, duplicateTimes, duplicatePuckReadings, commands } = await storeDeviceCall(
    ctx.db,
    {
      deviceId: device.id,
      reports: prepared.reports,
      peripheralReports: prepared.peripheralReports,
      peripheralCallins: latestPerPuck(prepared.peripheralReports),
      lastReportAt:
        prepared.reports.length > 0
          ? new Date(Math.max(...prepared.reports.map((r) => r.report_timestamp.getTime())))
          : null,
      firmwareVersion: announcedFirmware(prepared.reports),
      acks: batch.Acks,
      // An RPT or DOG answered after the web app said it failed costs nothing (issue #22).
      spendsAnsweredSince: new Date(now.getTime() - INSTANT_UPDATE_ANSWER_WINDOW_MS),
      at: now,
    },
  );

  return {
    answer: {
      Accepted: storedCount,
      Duplicates: prepared.reports.length - storedCount,
      Refused: prepared.refused.length,
      RefusedReports: prepared.refused,
      Commands: commands.map((command) => ({
        Id: command.id,
        Command: command.command,
        IssuedAt: command.created_at.toISOString(),
      })),
    },
    stored: {
      // The shape listeners know (reports-stored.ts), without the pucks used for the check.
      device: {
        id: device.id,
        imei: device.imei,
        serialNumber: device.serialNumber,
        deviceType: device.deviceType,
      },
      reports: toStoredReports(prepared, duplicateTimes, duplicatePuckReadings),
      receivedAt: now,
    },
  };
}
