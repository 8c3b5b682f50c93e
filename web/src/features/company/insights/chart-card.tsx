import { useId, useState, type ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { UPlotChart, type ChartSeries } from './uplot-chart';

export interface TableColumn {
  label: string;
  cells: string[];
}

interface Props {
  title: string;
  description: string;
  x: number[];
  series: ChartSeries[];
  /** Row labels (the weeks) and one column per series, as shown. */
  rows: string[];
  columns: TableColumn[];
  format?: (value: number) => string;
  children?: ReactNode;
}

/**
 * A chart with its legend and its numbers as a table: always read by screen
 * readers (the canvas is hidden from them), shown on request to everyone.
 */
export function ChartCard({
  title,
  description,
  x,
  series,
  rows,
  columns,
  format,
  children,
}: Props) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <Card className="min-w-0">
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm text-ink-muted">{description}</p>
      {children}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <ul
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted"
          aria-hidden="true"
        >
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span
                className="inline-block size-3 rounded-sm"
                style={{ background: s.color }}
              />
              {s.label}
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
          className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {showTable ? 'Hide numbers' : 'Show numbers'}
        </button>
      </div>
      <div className="mt-2">
        <UPlotChart x={x} series={series} format={format} />
      </div>
      <div
        id={tableId}
        className={showTable ? 'mt-4 overflow-x-auto' : 'sr-only'}
      >
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Week of
              </th>
              {columns.map((c) => (
                <th
                  key={c.label}
                  scope="col"
                  className="py-1 pr-3 font-semibold"
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r} className="border-b border-line/60">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {r}
                </th>
                {columns.map((c) => (
                  <td key={c.label} className="py-1 pr-3">
                    {c.cells[i]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
