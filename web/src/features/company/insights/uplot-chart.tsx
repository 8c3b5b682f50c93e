import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { weekLabel } from '@shared/domain/insights';

export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
  /** Bars (stacked: values are running sums, drawn from the last down). */
  bars?: boolean;
}

interface Props {
  /** Seconds since the epoch of each x value (week Mondays). */
  x: number[];
  series: ChartSeries[];
  /** How a y value reads on the axis (default: as is). */
  format?: (value: number) => string;
  height?: number;
}

const bars = uPlot.paths.bars!({ size: [0.7, 48] });
const HALF_WEEK = (7 * 86_400) / 2;

/**
 * uPlot in a box that follows its width (ResizeObserver), so a chart reads
 * at 390 px as at 1280. Drawn on a canvas, hidden from screen readers: each
 * chart's numbers are a table next to it.
 */
export function UPlotChart({
  x,
  series,
  format = String,
  height = 220,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Stacked bars: the tallest (last running sum) first, so each shorter
    // band paints over the one below it.
    const order = series.some((s) => s.bars) ? [...series].reverse() : series;
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        // Half a week either side: the first and last bars are whole.
        x: {
          time: false,
          range: (_u, min, max) => [min - HALF_WEEK, max + HALF_WEEK],
        },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        {
          values: (_u, splits) =>
            splits.map((s) =>
              weekLabel(new Date(s * 1000).toISOString().slice(0, 10)),
            ),
          // A tick on a week's Monday (uPlot's own steps would count from
          // 1 Jan 1970, a Thursday): every week, or every k-th, the last
          // one always, as many as fit 56 px apart.
          splits: (u) => {
            const fit = Math.max(
              1,
              Math.floor(u.bbox.width / uPlot.pxRatio / 56),
            );
            const step = Math.ceil(x.length / fit);
            return x.filter((_, i) => (x.length - 1 - i) % step === 0);
          },
          stroke: '#625d78',
          grid: { show: false },
        },
        {
          values: (_u, splits) => splits.map((s) => format(s)),
          size: 56,
          stroke: '#625d78',
          grid: { stroke: '#e7e4f0' },
        },
      ],
      series: [
        {},
        ...order.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: s.bars ? s.color : undefined,
          width: s.bars ? 0 : 2,
          paths: s.bars ? bars : undefined,
          points: { show: !s.bars },
          spanGaps: false,
        })),
      ],
    };
    const data = [x, ...order.map((s) => s.values)] as uPlot.AlignedData;
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, el.clientWidth), height }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, format, height]);
  return <div ref={box} aria-hidden="true" className="w-full" />;
}
