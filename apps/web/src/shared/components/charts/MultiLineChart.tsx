import { ColorType, createChart, LineSeries, type UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef } from "react";
import { parseHexColor } from "./TimeSeriesChart";

/** One line of a `MultiLineChart`: its name, colour (`#rrggbb`) and points (times in UTC seconds, oldest first). */
export type ChartLine = { name: string; color: string; points: readonly { time: number; value: number }[] };

export type MultiLineChartProps = {
  lines: readonly ChartLine[];
  /** What the chart shows, for screen readers (the page also has the numbers in a table). */
  label: string;
  height?: number;
};

const cssVar = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * Several lines on one time axis (lightweight-charts, canvas), e.g. counts per day of several events. Loaded lazily
 * by the pages that chart. Axis and grid colours follow the CSS variables (light and dark); the legend is the page's.
 */
export default function MultiLineChart({ lines, label, height = 260 }: MultiLineChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = createChart(element, {
      height,
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: cssVar(element, "--text-muted", "#64748b"),
        attributionLogo: false,
        fontFamily: "inherit",
        colorParsers: [parseHexColor],
      },
      grid: { vertLines: { visible: false }, horzLines: { color: cssVar(element, "--border", "#e2e8f0") } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    for (const line of lines) {
      const series = instance.addSeries(LineSeries, {
        color: line.color,
        lineWidth: 2,
        priceLineVisible: false,
        lastValueVisible: false,
        // Counts: whole-number ticks only.
        priceFormat: { type: "price", precision: 0, minMove: 1 },
      });
      series.setData(line.points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    }
    instance.timeScale().fitContent();
    return () => instance.remove();
  }, [lines, height]);

  return <div ref={container} className="chart" role="img" aria-label={label} style={{ height }} />;
}
