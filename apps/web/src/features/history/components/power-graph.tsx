import { useMemo, useRef } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type uPlot from 'uplot';
import type { GraphPoint } from '@monitor/contract/history';
import type { z } from 'zod';
import { splitPower, type ShadedSpan } from '../lib/chart-data';
import { buildPowerChartOptions, type ChartWindow } from '../lib/chart-options';
import { UPlotChart } from './uplot-chart';

type Point = z.infer<typeof GraphPoint>;

/**
 * The power graph (device-management §2, §9): On in green, OFF in red, power alarms shaded. The
 * NIST variant zooms (drag across it) and pans; the buttons do the same from the keyboard.
 */
export function PowerGraph({
  points,
  spells,
  window,
  widthPx,
  gmtOffsetHours,
  isZoomable,
  label,
  describedBy,
}: {
  points: readonly Point[];
  spells: readonly ShadedSpan[];
  window: ChartWindow;
  widthPx: number;
  gmtOffsetHours: number;
  isZoomable: boolean;
  label: string;
  describedBy: string;
}) {
  const chartRef = useRef<uPlot | null>(null);
  const data = useMemo(() => {
    const series = splitPower(points);
    return [series.x, series.on, series.off] as uPlot.AlignedData;
  }, [points]);
  const options = useMemo(
    () => buildPowerChartOptions({ widthPx, window, gmtOffsetHours, spells, isZoomable }),
    [widthPx, window, gmtOffsetHours, spells, isZoomable],
  );

  function showWindow(chart: uPlot | null) {
    chartRef.current = chart;
    chart?.setScale('x', { min: window.from, max: window.to });
  }

  function zoom(factor: number) {
    const chart = chartRef.current;
    const min = chart?.scales.x?.min;
    const max = chart?.scales.x?.max;
    if (!chart || min == null || max == null) return;
    const middle = (min + max) / 2;
    const half = Math.max(5 * 60_000, ((max - min) * factor) / 2);
    chart.setScale('x', {
      min: Math.max(window.from, middle - half),
      max: Math.min(window.to, middle + half),
    });
  }

  function pan(direction: -1 | 1) {
    const chart = chartRef.current;
    const min = chart?.scales.x?.min;
    const max = chart?.scales.x?.max;
    if (!chart || min == null || max == null) return;
    const span = max - min;
    const shift = (span / 2) * direction;
    const nextMin = Math.min(Math.max(window.from, min + shift), window.to - span);
    chart.setScale('x', { min: nextMin, max: nextMin + span });
  }

  return (
    <Stack gap={4}>
      <UPlotChart
        options={options}
        data={data}
        label={label}
        describedBy={describedBy}
        onReady={isZoomable ? showWindow : undefined}
      />
      {isZoomable && (
        <Group gap="xs" role="group" aria-label="Power graph zoom">
          <Button size="compact-sm" variant="default" onClick={() => zoom(0.5)}>
            Zoom in
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => zoom(2)}>
            Zoom out
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => pan(-1)}
            aria-label="Pan earlier"
          >
            ← Earlier
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => pan(1)} aria-label="Pan later">
            Later →
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => showWindow(chartRef.current)}>
            Reset
          </Button>
        </Group>
      )}
    </Stack>
  );
}
