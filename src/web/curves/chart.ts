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
  const axes: PlotAxes = { x: 'load', y, title };
  const rows = plotRows(points.map(storedPoint), axes);
  return { rows, spec: plotSpec(rows, axes) };
}

/** Render a Vega-Lite spec as SVG into `into`. */
export async function renderChart(spec: Record<string, unknown>, into: HTMLElement): Promise<void> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vl.compile(spec as unknown as Parameters<typeof vl.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  into.innerHTML = svg;
}
