import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import classes from './uplot-chart.module.css';

export type UPlotChartProps = {
  options: uPlot.Options;
  data: uPlot.AlignedData;
  /** The chart's accessible name; the canvas itself says nothing to a screen reader. */
  label: string;
  /** Id of the text alternative (the period's statistics). */
  describedBy?: string;
  /** The drawn chart, for controls that move its scales (zoom and pan). */
  onReady?: (chart: uPlot | null) => void;
};

/**
 * One uPlot chart in a React tree: drawn on mount, redrawn whole when its options or data change
 * (uPlot draws a year of points in milliseconds), destroyed on unmount.
 */
export function UPlotChart({ options, data, label, describedBy, onReady }: UPlotChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onReadyRef = useRef(onReady);
  useLayoutEffect(() => {
    onReadyRef.current = onReady;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = new uPlot(options, data, container);
    onReadyRef.current?.(chart);
    return () => {
      onReadyRef.current?.(null);
      chart.destroy();
    };
  }, [options, data]);

  return (
    <div
      ref={containerRef}
      className={classes.chart}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
