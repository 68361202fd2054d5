import { useEffect, useRef } from 'react';
import { echarts } from '../charts';

export interface BarSeries {
  name: string;
  data: number[];
  color: string;
}

interface StackedBarsProps {
  /** The bars' labels along the axis (groups or days). */
  categories: string[];
  series: BarSeries[];
  /** Read by screen readers; the table beside the chart carries the figures. */
  label: string;
  testId: string;
  /** Stack the series in one bar per category (else side by side). */
  stacked?: boolean;
  height?: number;
}

/** Where a chart whose container has no size yet (a hidden tab, jsdom) is drawn until it is resized. */
const FALLBACK_WIDTH = 640;

/** Bars of one or more series over categories, drawn by echarts; follows the container's width. */
export function StackedBars({
  categories,
  series,
  label,
  testId,
  stacked = true,
  height = 320,
}: StackedBarsProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  const heightRef = useRef(height);
  heightRef.current = height;

  // One echarts instance for the component's life; the options and the size follow in the effects below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const size = () => ({ width: element.clientWidth || FALLBACK_WIDTH, height: heightRef.current });
    const instance = echarts.init(element, null, { renderer: 'svg', ...size() });
    chart.current = instance;
    // Without ResizeObserver (old browsers, jsdom) the chart keeps its first width.
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize(size()));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    chart.current?.resize({ width: element?.clientWidth || FALLBACK_WIDTH, height });
  }, [height]);

  useEffect(() => {
    chart.current?.setOption(
      {
        animation: false,
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { top: 0 },
        // echarts 6 keeps the axis labels inside the container by itself (grid.outerBoundsMode "auto").
        grid: { left: 8, right: 8, top: 36, bottom: 8 },
        xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, hideOverlap: true } },
        yAxis: { type: 'value', minInterval: 1 },
        series: series.map((s) => ({
          type: 'bar',
          name: s.name,
          data: s.data,
          stack: stacked ? 'total' : undefined,
          itemStyle: { color: s.color },
          barMaxWidth: 40,
        })),
      },
      { notMerge: true },
    );
  }, [categories, series, stacked]);

  return (
    <div
      ref={container}
      className="attendance-chart"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-categories={categories.length}
      style={{ height }}
    />
  );
}
