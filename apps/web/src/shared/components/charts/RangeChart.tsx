import { lazy, Suspense, useMemo, useState } from "react";
import { CHART_RANGES, type ChartRange, filterRange, type SeriesPoint } from "../../lib/performanceSeries";
import { ErrorBoundary } from "../ErrorBoundary";
import { Skeleton } from "../Skeleton";

const TimeSeriesChart = lazy(() => import("./TimeSeriesChart"));

export type RangeChartProps = {
  points: readonly SeriesPoint[];
  label: string;
  formatValue?: (value: number) => string;
  height?: number;
};

/** A chart with range buttons (7D / 30D / 90D / All); the chart library loads on first use. */
export function RangeChart({ points, label, formatValue, height = 280 }: RangeChartProps) {
  const [range, setRange] = useState<ChartRange>("All");
  const visible = useMemo(() => filterRange(points, range), [points, range]);
  return (
    <div className="range-chart">
      <fieldset className="segmented" aria-label={`${label}: time range`}>
        <legend className="visually-hidden">Time range</legend>
        {CHART_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className="segmented__option"
            aria-pressed={range === r}
            onClick={() => setRange(r)}
          >
            {r}
          </button>
        ))}
      </fieldset>
      {visible.length === 0 ? (
        <p className="muted chart-empty" style={{ height }}>
          No data points in this range.
        </p>
      ) : (
        <ErrorBoundary fallback={<p className="muted chart-empty">The chart could not be drawn in this browser.</p>}>
          <Suspense fallback={<Skeleton height={`${height}px`} />}>
            <TimeSeriesChart
              points={visible}
              label={`${label} (${range})`}
              height={height}
              {...(formatValue ? { formatValue } : {})}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
