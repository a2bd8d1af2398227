import { plotRows, plotSpec, type PlotAxes, type PlotRow, type StoredPoint } from 'wormcast';
import type { PointView } from './point.ts';

/*
 * The page's latency-load and throughput charts (docs/web.md "Curves"): the sweep's points as the
 * store keeps them, turned into rows and a Vega-Lite specification by src/report/plot-spec.ts,
 * the same functions `wormcast plot` uses (one spec for Node and the web), compiled with
 * vega-lite and rendered as SVG by vega, loaded on first use (they are large).
 */

/** A point of the page's sweep in the store's shape (the fields plotRows reads; the rest marked). */
export function storedPoint(p: PointView, index: number): StoredPoint {
  return {
    v: 1,
    key: '',
    experiment: 'web',
    index,
    values: p.values as StoredPoint['values'],
    config: p.config,
    settings: p.settings,
    engineVersion: '',
    replications: p.replications.map((r) => ({ ...r, result: {}, batchInterval: null })),
    summary: p.summary,
    run: { wallMs: p.ms, finishedAt: '' },
  };
}

/** The rows and spec of one chart of the sweep (y: meanLatency or throughput against load). */
export function chartOf(
  points: readonly PointView[],
  y: string,
  title: string,
): { rows: PlotRow[]; spec: Record<string, unknown> } {
  // large: the page gives the curves the whole width (style.css scales the SVG down on a phone)
  const axes: PlotAxes = { x: 'load', y, title, width: 640, height: 360 };
  const rows = plotRows(points.map(storedPoint), axes);
  return { rows, spec: plotSpec(rows, axes) };
}

/** The two charts of the page's sweep: latency and accepted throughput against the offered load, large. */
export function sweepCharts(
  points: readonly PointView[],
): Record<'latency' | 'throughput', ReturnType<typeof chartOf>> {
  return {
    latency: chartOf(points, 'meanLatency', 'Mean message latency against offered load'),
    throughput: chartOf(points, 'throughput', 'Accepted throughput against offered load'),
  };
}

/** A chart as SVG, with its x and y scales (data value to SVG pixel) for the tests that check what is plotted. */
export async function chartSvg(
  spec: Record<string, unknown>,
): Promise<{ svg: string; x: (v: number) => number; y: (v: number) => number }> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vl.compile(spec as unknown as Parameters<typeof vl.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  const xs = view.scale('x') as (v: number) => number;
  const ys = view.scale('y') as (v: number) => number;
  view.finalize();
  return { svg, x: (v) => xs(v), y: (v) => ys(v) };
}

/** Render a Vega-Lite spec as SVG into `into`. */
export async function renderChart(spec: Record<string, unknown>, into: HTMLElement): Promise<void> {
  into.innerHTML = (await chartSvg(spec)).svg;
}
