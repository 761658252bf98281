import '@mantine/core/styles/Checkbox.css';
import { useId, useMemo, useState } from 'react';
import { Box, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TempPref } from '@monitor/domain/shared/temperature';
import type { ReportSummaryAnswer } from '../api/get-report-summary';
import { chooseValueAxis } from '../lib/chart-axes';
import {
  alignSeries,
  formatDuration,
  lastReadingAt,
  powerOffMs,
  spellsToShade,
} from '../lib/chart-data';
import {
  buildReadingsChartOptions,
  CHART_MAX_WIDTH_PX,
  type AlarmRange,
} from '../lib/chart-options';
import type { HistorySensors } from '../lib/history-sensors';
import { HistoryStats } from './history-stats';
import { PowerGraph } from './power-graph';
import { UPlotChart } from './uplot-chart';

export type HistoryGraphProps = {
  summary: ReportSummaryAnswer;
  window: { from: Date; to: Date };
  /** 'November 2026', for the chart's name. */
  periodLabel: string;
  sensors: HistorySensors;
  unit: TempPref;
  gmtOffsetHours: number;
  temperatureRange: AlarmRange | null;
  humidityRange: AlarmRange | null;
};

/**
 * The graph view (device-management §2, §9): temperature and humidity with their checkboxes,
 * the alarm ranges as bands and alarm spells shaded, the power graph below, the period's
 * statistics beside. The chart is as wide as its column, at most 660 px.
 */
export function HistoryGraph({
  summary,
  window,
  periodLabel,
  sensors,
  unit,
  gmtOffsetHours,
  temperatureRange,
  humidityRange,
}: HistoryGraphProps) {
  const statsId = useId();
  const [showTemperature, setShowTemperature] = useState(sensors.hasTemperature);
  const [showHumidity, setShowHumidity] = useState(sensors.hasHumidity);
  const { ref, width } = useElementSize();
  const widthPx = Math.round(Math.min(CHART_MAX_WIDTH_PX, width || CHART_MAX_WIDTH_PX));
  const span = useMemo(
    () => ({ from: window.from.getTime(), to: window.to.getTime() }),
    [window.from, window.to],
  );

  const data = useMemo(() => {
    const aligned = alignSeries(summary.tempData, summary.humidityData);
    return [aligned.x, aligned.temperature, aligned.humidity] as [
      number[],
      (number | null)[],
      (number | null)[],
    ];
  }, [summary.tempData, summary.humidityData]);

  const lastReadAt = lastReadingAt(summary.tempData, summary.humidityData, summary.powerData);
  const powerSpells = useMemo(
    () => spellsToShade(summary.alarmSpells, span, 'power', lastReadAt),
    [summary.alarmSpells, span, lastReadAt],
  );

  const isTemperatureShown = sensors.hasTemperature && showTemperature;
  const isHumidityShown = sensors.hasHumidity && showHumidity;
  const options = useMemo(
    () =>
      buildReadingsChartOptions({
        widthPx,
        window: span,
        gmtOffsetHours,
        unit,
        axis: chooseValueAxis({
          showTemperature: isTemperatureShown,
          showHumidity: isHumidityShown,
          axisMin: summary.axisMin,
          axisMax: summary.axisMax,
          humidity: summary.stats.humidity,
        }),
        showTemperature: isTemperatureShown,
        showHumidity: isHumidityShown,
        temperatureRange,
        humidityRange,
        spells: spellsToShade(summary.alarmSpells, span, 'readings', lastReadAt),
      }),
    [
      widthPx,
      span,
      gmtOffsetHours,
      unit,
      isTemperatureShown,
      isHumidityShown,
      summary,
      temperatureRange,
      humidityRange,
      lastReadAt,
    ],
  );

  const shownNames = [isTemperatureShown && 'temperature', isHumidityShown && 'humidity']
    .filter(Boolean)
    .join(' and ');
  const chartLabel = `Graph of ${shownNames} for ${periodLabel}`;
  const powerOff = sensors.hasPower ? powerOffMs(summary.powerData, span.to) : 0;
  const powerSummary = !sensors.hasPower
    ? undefined
    : summary.powerData.length === 0
      ? 'No power readings in this period.'
      : powerOff > 0
        ? `Power off for about ${formatDuration(powerOff)} in this period.`
        : 'Power on throughout this period.';

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack
        gap="xs"
        ref={ref}
        style={{ flex: '1 1 320px', maxWidth: CHART_MAX_WIDTH_PX, minWidth: 0 }}
      >
        {sensors.hasTemperature && sensors.hasHumidity && (
          <Group gap="lg" role="group" aria-label="Series shown">
            <Checkbox
              label="Temperature"
              checked={showTemperature}
              onChange={(event) => setShowTemperature(event.currentTarget.checked)}
              color="orange.9"
            />
            <Checkbox
              label="Humidity"
              checked={showHumidity}
              onChange={(event) => setShowHumidity(event.currentTarget.checked)}
              color="blue.9"
            />
          </Group>
        )}
        {isTemperatureShown || isHumidityShown ? (
          <Box>
            <UPlotChart options={options} data={data} label={chartLabel} describedBy={statsId} />
          </Box>
        ) : (
          <Text c="dimmed" py="xl" ta="center">
            Choose temperature or humidity to see the graph.
          </Text>
        )}
        {sensors.hasPower && (
          <PowerGraph
            points={summary.powerData}
            spells={powerSpells}
            window={span}
            widthPx={widthPx}
            gmtOffsetHours={gmtOffsetHours}
            isZoomable={sensors.isNist}
            label={`Power graph for ${periodLabel}`}
            describedBy={statsId}
          />
        )}
      </Stack>
      <Box style={{ flex: '1 1 240px', maxWidth: 360 }}>
        <HistoryStats
          id={statsId}
          unit={unit}
          temperature={isTemperatureShown ? summary.stats.temperature : undefined}
          humidity={isHumidityShown ? summary.stats.humidity : undefined}
          powerSummary={powerSummary}
        />
      </Box>
    </Group>
  );
}
