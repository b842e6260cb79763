import { AreaSeries, ColorType, createChart, type IChartApi, type UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { SeriesPoint } from "../../lib/performanceSeries";

export type TimeSeriesChartProps = {
  points: readonly SeriesPoint[];
  /** What the chart shows, for screen readers (the page also has the numbers in a table). */
  label: string;
  formatValue?: (value: number) => string;
  height?: number;
};

const cssVar = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/** `#rgb`, `#rrggbb` or `#rrggbbaa` as lightweight-charts' RGBA, or null for anything else. */
export function parseHexColor(color: string): [number, number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const byte = (i: number) => Number.parseInt(full.slice(i, i + 2), 16);
  return [byte(0), byte(2), byte(4), full.length === 8 ? byte(6) / 255 : 1];
}

/**
 * An area chart of one series (lightweight-charts, canvas). Loaded lazily by the pages that chart, so
 * the library is not in the first view. Colours follow the CSS variables (light and dark).
 */
export default function TimeSeriesChart({ points, label, formatValue, height = 280 }: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const text = cssVar(element, "--text-muted", "#64748b");
    const grid = cssVar(element, "--border", "#e2e8f0");
    const accent = cssVar(element, "--accent", "#4f46e5");
    const instance = createChart(element, {
      height,
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: text,
        attributionLogo: false,
        fontFamily: "inherit",
        // Browsers parse colours themselves; DOMs without a colour engine (the tests' happy-dom) need this one.
        colorParsers: [parseHexColor],
      },
      grid: { vertLines: { visible: false }, horzLines: { color: grid } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: false },
      handleScroll: false,
      handleScale: false,
      localization: formatValue ? { priceFormatter: formatValue } : {},
    });
    const series = instance.addSeries(AreaSeries, {
      lineColor: accent,
      topColor: `${accent}55`,
      bottomColor: `${accent}05`,
      lineWidth: 2,
      priceLineVisible: false,
    });
    series.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    instance.timeScale().fitContent();
    chart.current = instance;
    return () => {
      instance.remove();
      chart.current = null;
    };
  }, [points, height, formatValue]);

  return <div ref={container} className="chart" role="img" aria-label={label} style={{ height }} />;
}
