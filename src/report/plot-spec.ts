import type { Interval } from '../experiment/run/confidence.ts';
import { metricState } from '../experiment/sweep/format.ts';
import type { MetricName } from '../experiment/config/metrics.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';

/*
 * The Vega-Lite specification of a sweep's plot (docs/experiments.md "Plots"): y against x, one
 * coloured line per series value, one panel per facet value, the confidence interval of each
 * point as an error bar, and saturated points drawn apart: a cross (legend "saturated"), never
 * joined to the curve, at their measured value or, when that is off the chart, at its top edge
 * (the tooltip gives the measured lower bound). No Node import: the browser app can build the
 * same spec and render it with vega-embed or vega.
 */

export interface PlotAxes {
  /** A configuration option (load, dests, ...) for the x axis. */
  x: string;
  /** A metric (meanLatency, throughput, ...). */
  y: string;
  /** An option whose values are separate lines. */
  series?: string;
  /** An option whose values are separate panels. */
  facet?: string;
  title?: string;
  /** Zoom and pan by dragging and the wheel (the HTML page). */
  interactive?: boolean;
  /** Another simulator's published curve drawn beside the points (dashed, grey): e.g. BookSim2's. */
  reference?: { label: string; points: Array<[number, number]> };
}

/** One plotted point. */
export interface PlotRow {
  x: number | string;
  /** Where it is drawn (a saturated point off the chart: at the top edge). */
  y: number;
  /** The measured mean. */
  mean: number;
  lo: number | null;
  hi: number | null;
  series: string;
  facet: string;
  state: 'measured' | 'saturated';
  replications: number;
}

function configValue(p: StoredPoint, key: string): unknown {
  return (p.config as unknown as Record<string, unknown>)[key] ?? (p.values as Record<string, unknown>)[key];
}

/** The rows of a plot from stored points (incomplete points have no value and are left out). */
export function plotRows(points: readonly StoredPoint[], a: PlotAxes): PlotRow[] {
  const rows: PlotRow[] = [];
  for (const p of points) {
    const i = p.summary.metrics[a.y as MetricName] as Interval | undefined;
    if (!i || i.mean === null || !Number.isFinite(i.mean)) continue;
    const state = metricState(p, a.y as MetricName);
    if (state === 'incomplete') continue;
    const xv = configValue(p, a.x);
    const ok = state === 'ok' && i.halfWidth !== null && Number.isFinite(i.halfWidth);
    rows.push({
      x: typeof xv === 'number' ? xv : String(xv),
      y: i.mean,
      mean: i.mean,
      lo: ok ? i.lo : null,
      hi: ok ? i.hi : null,
      series: a.series ? String(configValue(p, a.series)) : a.reference ? 'wormcast' : a.y,
      facet: a.facet ? String(configValue(p, a.facet)) : '',
      // a saturated point is marked on every metric's chart; only a latency is a lower bound there
      state: state === 'saturated' || p.summary.saturated ? 'saturated' : 'measured',
      replications: p.replications.length,
    });
  }
  // a saturated latency can be far above the curve: such a point sits at the top of the chart
  const measured = rows.filter((r) => r.state === 'measured');
  if (measured.length > 0) {
    const top = Math.max(...measured.map((r) => r.hi ?? r.mean)) * 1.25;
    for (const r of rows) if (r.state === 'saturated' && r.y > top) r.y = top;
  }
  return rows;
}

/** The Vega-Lite spec (v5) of the rows. */
export function plotSpec(rows: readonly PlotRow[], a: PlotAxes): Record<string, unknown> {
  const numericX = rows.every((r) => typeof r.x === 'number');
  const x = { field: 'x', type: numericX ? 'quantitative' : 'ordinal', title: a.x };
  const color = {
    field: 'series',
    type: 'nominal',
    title: a.series ?? 'simulator',
    ...(a.series || a.reference ? {} : { legend: null }),
  };
  const measured = { filter: "datum.state === 'measured'" };
  const layer: Record<string, unknown>[] = [
    {
      mark: { type: 'line', strokeWidth: 1.5 },
      transform: [measured],
      encoding: { x, y: { field: 'y', type: 'quantitative', title: a.y }, color },
    },
    {
      mark: { type: 'errorbar', ticks: true },
      transform: [measured, { filter: 'datum.lo !== null && datum.hi !== null' }],
      encoding: { x, y: { field: 'lo', type: 'quantitative', title: a.y }, y2: { field: 'hi' }, color },
    },
    {
      mark: { type: 'point', size: 60, strokeWidth: 2 },
      encoding: {
        x,
        y: { field: 'y', type: 'quantitative', title: a.y },
        color,
        shape: {
          field: 'state',
          type: 'nominal',
          title: 'point',
          scale: { domain: ['measured', 'saturated'], range: ['circle', 'cross'] },
        },
        fill: {
          condition: { test: "datum.state === 'measured'", field: 'series', type: 'nominal', legend: null },
          value: 'transparent',
        },
        tooltip: [
          { field: 'series', title: a.series ?? 'metric' },
          { field: 'x', title: a.x },
          { field: 'mean', title: a.y, format: '.4~f' },
          { field: 'lo', title: 'CI low', format: '.4~f' },
          { field: 'hi', title: 'CI high', format: '.4~f' },
          { field: 'state', title: 'point' },
          { field: 'replications' },
        ],
      },
      ...(a.interactive ? { params: [{ name: 'zoom', select: 'interval', bind: 'scales' }] } : {}),
    },
  ];
  if (a.reference) {
    // its own data: drawn in every panel, in grey, named in a legend of its own
    const ref = {
      data: { values: a.reference.points.map(([rx, ry]) => ({ x: rx, y: ry, source: a.reference!.label })) },
    };
    const stroke = { field: 'source', type: 'nominal', title: 'reference', scale: { range: [[4, 3]] } };
    layer.unshift(
      {
        ...ref,
        mark: { type: 'line', strokeWidth: 1, color: '#888888' },
        encoding: {
          x: { field: 'x', type: 'quantitative' },
          y: { field: 'y', type: 'quantitative' },
          strokeDash: stroke,
        },
      },
      {
        ...ref,
        mark: { type: 'square', size: 30, color: '#888888', filled: true },
        encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } },
      },
    );
  }
  const inner = { width: 420, height: 280, layer };
  const body = a.facet
    ? { facet: { field: 'facet', type: 'nominal', title: a.facet }, columns: 2, spec: inner }
    : inner;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: a.title ?? `${a.y} against ${a.x}${a.series ? ` by ${a.series}` : ''}`,
    data: { values: rows },
    ...body,
    config: { legend: { orient: 'right' }, point: { filled: false } },
  };
}
