import { useMemo, useState } from 'react';
import { Alert, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import { findTimeZoneOption, formatTimeZoneOption } from '@monitor/domain/devices/time-zones';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { errorMessageFor, isApiError } from '../../../lib/api-client';
import { useReportSummary, type ReportSummaryAnswer } from '../api/get-report-summary';
import { useHistoryPeriod } from '../hooks/use-history-period';
import type { HistoryRequest, HistoryTarget } from '../lib/history-target';
import { alarmRangeOf, deviceSensors, hasGraph, puckHistorySensors } from '../lib/history-sensors';
import { formatWindow } from '../lib/local-time';
import { DownloadFileButton } from './download-file-button';
import { HistoryEmpty } from './history-empty';
import { HistoryGraph } from './history-graph';
import { HistoryTable } from './history-table';
import { NistCertificate } from './nist-certificate';
import { PeriodControls } from './period-controls';

export type HistoryViewProps = {
  userId: number;
  device: UserDevice;
  /** A puck of the device: the page is then the puck's history. */
  puck?: Peripheral | null;
  unit: TempPref;
  now: Date;
  /** Open on the day of this moment rather than today (the `at` query, issue #23). */
  initialAt?: Date | null;
};

type View = 'graph' | 'table';

const hasReadings = (summary: ReportSummaryAnswer) =>
  summary.tempData.length > 0 || summary.humidityData.length > 0 || summary.powerData.length > 0;

/**
 * A device's or a puck's history (device-management §2 "History screens", §4, §9): the period,
 * graph or table, the file download, and on NIST units the calibration certificate.
 */
export function HistoryView({
  userId,
  device,
  puck = null,
  unit,
  now,
  initialAt = null,
}: HistoryViewProps) {
  const gmtOffsetHours = device.TimeZone;
  const zone = findTimeZoneOption(gmtOffsetHours);
  const zoneLabel = zone ? formatTimeZoneOption(zone) : `GMT${gmtOffsetHours}`;
  // A sub-account sees records only from its creation date (device-management §5, §6).
  const visibleFrom =
    device.SubAccountDevice && device.SubAccountDateCreated
      ? new Date(device.SubAccountDateCreated)
      : null;
  const periodState = useHistoryPeriod({ now, gmtOffsetHours, visibleFrom, initialAt });
  const sensors = puck ? puckHistorySensors(puck) : deviceSensors(device);
  const [view, setView] = useState<View>(hasGraph(sensors) ? 'graph' : 'table');
  const [isAlarmsOnly, setIsAlarmsOnly] = useState(false);

  const fromMs = periodState.window.from.getTime();
  const toMs = periodState.window.to.getTime();
  const puckId = puck?.Id ?? null;
  const request = useMemo<HistoryRequest>(() => {
    const target: HistoryTarget =
      puckId === null
        ? { kind: 'device', userDeviceId: device.Id }
        : { kind: 'puck', userDeviceId: device.Id, puckId };
    return {
      target,
      userId,
      from: new Date(fromMs),
      to: new Date(toMs),
      unit,
      timeZone: gmtOffsetHours,
    };
  }, [device.Id, puckId, userId, fromMs, toMs, unit, gmtOffsetHours]);
  const tableRequest = useMemo(() => ({ ...request, isAlarmsOnly }), [request, isAlarmsOnly]);

  const summary = useReportSummary(request, now);
  const periodLabel = formatWindow(periodState.window, gmtOffsetHours);
  const name = puck
    ? (puck.Name ?? `SPuck ${puck.SerialNumber}`)
    : (device.Name ?? device.SerialNumber);
  const points = puck
    ? puck.AlarmPoints
    : device.AlarmPoints.filter((point) => point.PeripheralId === null);
  const temperatureRange = alarmRangeOf(points, puck ? 'SP_TEMP' : 'TEMP', unit);
  const humidityRange = alarmRangeOf(points, puck ? 'SP_HUMID' : 'HUMIDITY', unit);

  function renderGraph() {
    if (summary.isPending) {
      return <Skeleton height={300} maw={660} aria-label="Loading the graph" />;
    }
    if (summary.isError) {
      // A refused period (a sub-account's, device-management §5) is said as the server says it.
      if (isApiError(summary.error, 400)) {
        return (
          <Alert color="red" role="alert">
            {errorMessageFor(summary.error, DEVICE_MANAGEMENT_MESSAGES.recordsPeriodInvalid)}
          </Alert>
        );
      }
      return (
        <HistoryEmpty
          name={name}
          periodLabel={periodLabel}
          reason={errorMessageFor(summary.error, DEVICE_MANAGEMENT_MESSAGES.loadDeviceDataFailed)}
          onRetry={() => void summary.refetch()}
        />
      );
    }
    if (!hasReadings(summary.data)) return <HistoryEmpty name={name} periodLabel={periodLabel} />;
    return (
      <div
        style={{ opacity: summary.isPlaceholderData ? 0.5 : 1 }}
        aria-busy={summary.isPlaceholderData}
      >
        <HistoryGraph
          summary={summary.data}
          window={periodState.window}
          periodLabel={periodLabel}
          sensors={sensors}
          unit={unit}
          gmtOffsetHours={gmtOffsetHours}
          temperatureRange={temperatureRange}
          humidityRange={humidityRange}
        />
      </div>
    );
  }

  return (
    <Stack gap="lg">
      {!puck && sensors.isNist && <NistCertificate userDeviceId={device.Id} />}
      <PeriodControls
        state={periodState}
        now={now}
        gmtOffsetHours={gmtOffsetHours}
        zoneLabel={zoneLabel}
      />
      {periodState.refusal && (
        <Alert color="red" role="alert">
          {periodState.refusal}
        </Alert>
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {hasGraph(sensors) ? (
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'graph')}
            data={[
              { value: 'graph', label: 'Graph' },
              { value: 'table', label: 'Table' },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            This SPuck senses water only: its readings are in the table.
          </Text>
        )}
        <DownloadFileButton
          input={{
            ...request,
            isAlarmsOnly,
            isNistDevice: sensors.isNist,
            serial: device.SerialNumber,
          }}
        />
      </Group>
      {view === 'graph' ? (
        renderGraph()
      ) : (
        <HistoryTable
          request={tableRequest}
          sensors={sensors}
          caption={`Readings of ${name}, ${periodLabel}, newest first${isAlarmsOnly ? ', only those in alarm' : ''}. Times in ${zoneLabel}.`}
          dataVersion={summary.isPlaceholderData ? 0 : summary.dataUpdatedAt}
          onAlarmsOnlyChange={setIsAlarmsOnly}
        />
      )}
    </Stack>
  );
}
