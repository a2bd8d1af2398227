import { formatNumber } from '../experiment/sweep/format.ts';
import { LATENCY_METRICS, type MetricName } from '../experiment/config/metrics.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';
import { metricValue, pointStatus } from './point-status.ts';
import { axisTitle, quantityOf, type TimeUnit } from './quantities.ts';

/*
 * The Vega-Lite specification of a sweep's plot (docs/experiments.md "Plots", issue 23): y against
 * x with titled, unit-labelled axes, one coloured line per series value, one panel per facet
 * value, the confidence interval of each point as an error bar, x ticks at the grid's values.
 * A point that has no value of y is never drawn as one: a saturated point's latency (only a lower
 * bound: it grows with the run), a deadlocked or incomplete point's anything. Such points sit in a
 * band above the curves, rows of their own per series so that they do not pile up, each a marker of its own
 * shape (cross: saturated, diamond: deadlock, square: incomplete) with its label beside it
 * (`>= 1063`, `deadlock`). A saturated point's throughput is a measurement: drawn where it is, as a
 * cross labelled `saturated`. No Node import: the browser app builds the same spec.
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
  /** Axis titles (default: the quantity's title and unit, src/report/quantities.ts). */
  xTitle?: string;
  yTitle?: string;
  logX?: boolean;
  logY?: boolean;
  /** Of one panel, in pixels (default 420 x 280). */
  width?: number;
  height?: number;
  /** Times in cycles (default) or in microseconds of the points' seed units (each point's own cycle time). */
  timeUnit?: TimeUnit;
  /** The confidence level of the intervals, for the subtitle (e.g. 0.95). */
  confidence?: number;
  /** Zoom and pan by dragging and the wheel (the HTML page). */
  interactive?: boolean;
  /** Another simulator's published curve drawn beside the points (dashed, grey): e.g. BookSim2's. */
  reference?: { label: string; points: Array<[number, number]> };
}

/** How a point is drawn: a value, or a marker that is not one. */
export type PlotState = 'measured' | 'saturated' | 'deadlock' | 'incomplete';

/** One plotted point. */
export interface PlotRow {
  x: number | string;
  /** Where it is drawn (a point without a value: in the band above the curves). */
  y: number;
  /** The measured mean (a lower bound for a saturated latency; null: nothing measured). */
  mean: number | null;
  lo: number | null;
  hi: number | null;
  series: string;
  facet: string;
  state: PlotState;
  /** The text beside a marker that is not a value ('' for a value). */
  label?: string;
  /** Drawn in the band above the curves: it has no value of y to be drawn at. */
  offScale?: boolean;
  replications: number;
}

/** The legend's name of each state: what the marker means, in full. */
export const STATE_LEGEND: Record<PlotState, string> = {
  measured: 'measured (mean and confidence interval)',
  saturated: 'saturated (a latency: lower bound only)',
  deadlock: 'deadlock (no value)',
  incomplete: 'incomplete run (no value)',
};
const STATE_SHAPE: Record<PlotState, string> = {
  measured: 'circle',
  saturated: 'cross',
  deadlock: 'diamond',
  incomplete: 'square',
};

function configValue(p: StoredPoint, key: string): unknown {
  if (key === 'experiment') return p.experiment;
  return (p.config as unknown as Record<string, unknown>)[key] ?? (p.values as Record<string, unknown>)[key];
}

/** The factor from cycles to the plot's unit for a point (1 unless y is a time shown in microseconds). */
function timeFactor(p: StoredPoint, y: string, unit: TimeUnit | undefined): number {
  if (unit !== 'us' || !quantityOf(y).time) return 1;
  return p.config.units?.cycleUs ?? Number.NaN;
}

/** Rows of the band a series' markers take by turns: a label (`>= 2596.5`, about 55 px) then clears the next marker of its row, three grid steps on. */
const BAND_TURNS = 3;

/**
 * Put the points without a value of y into the band above the curves: each series its own rows,
 * its markers taking BAND_TURNS rows by turns in x order, so that the label of one does not run
 * into the next (three saturated loads in a row of the README's figure wrote `>= 2596.5932.9`).
 */
export function placeOffScale(rows: PlotRow[], latency: boolean, logY: boolean): void {
  // a saturated point's throughput is a measurement and stays where it is
  const off = rows.filter((r) => r.state !== 'measured' && (r.state !== 'saturated' || latency || r.mean === null));
  if (off.length === 0) return;
  const onScale = rows.filter((r) => !off.includes(r));
  const highest = onScale.length > 0 ? Math.max(...onScale.map((r) => r.hi ?? r.y)) : 1;
  const series = [...new Set(rows.map((r) => r.series))];
  let base = 0;
  for (const name of series) {
    const mine = off.filter((r) => r.series === name);
    mine.forEach((r, i) => {
      const k = base + (i % BAND_TURNS) + 1;
      r.offScale = true;
      r.y = logY ? highest * 1.15 ** k : highest * (1 + 0.08 * k);
    });
    base += Math.min(BAND_TURNS, mine.length);
  }
}

/** The rows of a plot from stored points. */
export function plotRows(points: readonly StoredPoint[], a: PlotAxes): PlotRow[] {
  const rows: PlotRow[] = [];
  const latency = LATENCY_METRICS.has(a.y as MetricName);
  for (const p of points) {
    const { status } = pointStatus(p);
    const stored = p.summary.metrics[a.y as MetricName];
    if (!stored) continue;
    const f = timeFactor(p, a.y, a.timeUnit);
    const value = metricValue(p, a.y as MetricName, status);
    const measured = stored.mean !== null && Number.isFinite(stored.mean) ? stored.mean * f : null;
    const xv = configValue(p, a.x);
    const interval = value !== null && Number.isFinite(value.halfWidth);
    const state: PlotState = status === 'ok' ? 'measured' : status;
    rows.push({
      x: typeof xv === 'number' ? xv : String(xv),
      y: measured ?? 0,
      mean: measured,
      lo: interval ? value.lo * f : null,
      hi: interval ? value.hi * f : null,
      series: a.series ? String(configValue(p, a.series)) : a.reference ? 'wormcast' : quantityOf(a.y).title,
      facet: a.facet ? String(configValue(p, a.facet)) : '',
      state,
      label:
        state === 'measured'
          ? ''
          : state === 'saturated'
            ? latency && measured !== null
              ? `>= ${formatNumber(measured)}`
              : 'saturated'
            : state === 'deadlock'
              ? 'deadlock'
              : 'no value',
      replications: p.replications.length,
    });
  }
  placeOffScale(rows, latency, a.logY === true);
  return rows;
}

/** The distinct numeric x values, when few enough to be the axis's ticks. */
function gridTicks(rows: readonly PlotRow[]): number[] | undefined {
  const xs = [...new Set(rows.map((r) => r.x))];
  if (!xs.every((x) => typeof x === 'number') || xs.length > 16) return undefined;
  return (xs as number[]).sort((p, q) => p - q);
}

/** Pixels between the plot's edges and the first and last x: a marker at the end of the grid is not cut by the axis. */
const X_PADDING = 12;

/**
 * Whether the labels of the grid's ticks would collide when set flat (then they are set at an
 * angle). Vega, with no canvas to measure text in Node, guesses 0.8 em a character and drops
 * labels it thinks overlap: 0.1 between 0.05 and 0.9 went unlabelled. The x scale has no nice
 * rounding, so a tick's pixel is known here; a character of the figures' 10 px labels is at most
 * 6.5 px wide in DejaVu Sans, Liberation Sans and Helvetica, and labels keep 4 px apart.
 */
function ticksCollide(ticks: readonly number[], width: number, log: boolean): boolean {
  if (ticks.length < 2) return false;
  const f = (v: number) => (log ? Math.log(v) : v);
  const lo = f(ticks[0]!);
  const span = f(ticks.at(-1)!) - lo;
  if (!(span > 0)) return false;
  const px = (v: number) => X_PADDING + ((f(v) - lo) / span) * (width - 2 * X_PADDING);
  const half = (v: number) => (String(Number(v.toPrecision(6))).length * 6.5) / 2;
  for (let i = 1; i < ticks.length; i++)
    if (px(ticks[i]!) - px(ticks[i - 1]!) < half(ticks[i]!) + half(ticks[i - 1]!) + 4) return true;
  return false;
}

/** The Vega-Lite spec (v5) of the rows. */
export function plotSpec(rows: readonly PlotRow[], a: PlotAxes): Record<string, unknown> {
  const numericX = rows.every((r) => typeof r.x === 'number');
  const ticks = numericX ? gridTicks(rows) : undefined;
  const lastX = numericX ? Math.max(...rows.map((r) => r.x as number)) : rows.at(-1)?.x;
  const unit = a.timeUnit ?? 'cycles';
  const xTitle = a.xTitle ?? axisTitle(a.x, 'cycles');
  const yTitle = a.yTitle ?? axisTitle(a.y, unit);
  // every grid value labelled: flat when the labels fit, else at an angle (vega's own overlap check drops some)
  const angled = ticks !== undefined && ticksCollide(ticks, a.width ?? 420, a.logX === true);
  const x = {
    field: 'x',
    type: numericX ? 'quantitative' : 'ordinal',
    title: xTitle,
    ...(numericX
      ? {
          scale: a.logX
            ? { type: 'log', nice: false, padding: X_PADDING }
            : { type: 'linear', zero: false, nice: false, padding: X_PADDING },
        }
      : {}),
    axis: {
      ...(ticks
        ? {
            values: ticks,
            format: '~g',
            labelOverlap: false,
            ...(angled ? { labelAngle: -45, labelAlign: 'right', labelBaseline: 'middle' } : {}),
          }
        : {}),
      titlePadding: 8,
    },
  };
  // the band of markers without a value: shaded, and the y axis says nothing there
  const off = rows.filter((r) => r.offScale);
  const onScale = rows.filter((r) => !r.offScale);
  const highest = onScale.length > 0 ? Math.max(...onScale.map((r) => r.hi ?? r.y)) : 1;
  const band =
    off.length > 0
      ? {
          from: a.logY ? highest * 1.07 : highest * 1.04,
          to: Math.max(...off.map((r) => r.y)) * (a.logY ? 1.07 : 1.04),
        }
      : null;
  // with the band the domain is set by hand (no nice rounding): from just below the lowest value
  const ys = [...onScale.map((r) => r.lo ?? r.y), ...(a.reference?.points.map(([, ry]) => ry) ?? [])];
  const lowest = ys.length > 0 ? Math.min(...ys) : 0;
  const floor = a.logY ? lowest / 1.14 : Math.max(lowest >= 0 ? 0 : -Infinity, lowest - 0.04 * (highest - lowest));
  const yScale = {
    ...(a.logY ? { type: 'log' } : { type: 'linear', zero: false }),
    ...(band ? { domainMin: floor, domainMax: band.to, nice: false } : {}),
  };
  const inBand = band ? `datum.value > ${band.from}` : '';
  const y = {
    field: 'y',
    type: 'quantitative',
    title: yTitle,
    scale: yScale,
    axis: {
      titlePadding: 8,
      ...(band
        ? {
            labelExpr: `${inBand} ? '' : datum.label`,
            gridOpacity: { condition: { test: inBand, value: 0 }, value: 1 },
            tickOpacity: { condition: { test: inBand, value: 0 }, value: 1 },
          }
        : {}),
    },
  };
  const seriesTitle = a.series ? quantityOf(a.series).title : 'simulator';
  const color = {
    field: 'series',
    type: 'nominal',
    title: seriesTitle,
    ...(a.series || a.reference ? {} : { legend: null }),
  };
  const states = (Object.keys(STATE_LEGEND) as PlotState[]).filter((s) => rows.some((r) => r.state === s));
  // on a chart of throughput a saturated point's value is a measurement, not a bound
  const legend: Record<PlotState, string> = LATENCY_METRICS.has(a.y as MetricName)
    ? STATE_LEGEND
    : { ...STATE_LEGEND, saturated: 'saturated (measured past saturation)' };
  const measured = { filter: "datum.state === 'measured'" };
  const layer: Record<string, unknown>[] = [
    {
      mark: { type: 'line', strokeWidth: 1.5 },
      transform: [measured],
      encoding: { x, y, color },
    },
    {
      mark: { type: 'errorbar', ticks: true },
      transform: [measured, { filter: 'datum.lo !== null && datum.hi !== null' }],
      encoding: {
        x,
        y: { field: 'lo', type: 'quantitative', title: yTitle, scale: yScale },
        y2: { field: 'hi' },
        color,
      },
    },
    {
      mark: { type: 'point', size: 60, strokeWidth: 2 },
      transform: [
        { calculate: `${JSON.stringify(legend)}[datum.state]`, as: 'point' },
        // what a screen reader says of a point: never the drawing position of a marker that is not a value
        {
          calculate:
            "datum.series + ' at ' + datum.x + ': ' + datum.point + (datum.mean === null ? '' : ', measured mean ' + format(datum.mean, '.4~f')) + (datum.lo === null ? '' : ', CI ' + format(datum.lo, '.4~f') + ' to ' + format(datum.hi, '.4~f'))",
          as: 'description',
        },
      ],
      encoding: {
        x,
        y,
        color,
        shape: {
          field: 'point',
          type: 'nominal',
          title: 'marker',
          scale: { domain: states.map((s) => legend[s]), range: states.map((s) => STATE_SHAPE[s]) },
        },
        description: { field: 'description' },
        fill: {
          condition: { test: "datum.state === 'measured'", field: 'series', type: 'nominal', legend: null },
          value: 'transparent',
        },
        tooltip: [
          { field: 'series', title: seriesTitle },
          { field: 'x', title: xTitle },
          { field: 'mean', title: `${yTitle}: measured mean`, format: '.4~f' },
          { field: 'lo', title: 'CI low', format: '.4~f' },
          { field: 'hi', title: 'CI high', format: '.4~f' },
          { field: 'point', title: 'point' },
          { field: 'replications' },
        ],
      },
      ...(a.interactive ? { params: [{ name: 'zoom', select: 'interval', bind: 'scales' }] } : {}),
    },
    // the label of every marker that is not a value (`>= 1063`, `deadlock`, `saturated`): to its
    // right, or to its left at the last x, where it would run into the legend
    ...[false, true].map((last) => ({
      mark: { type: 'text', align: last ? 'right' : 'left', dx: last ? -8 : 8, dy: -1, fontSize: 10 },
      transform: [{ filter: `datum.state !== 'measured' && (datum.x === ${JSON.stringify(lastX)}) === ${last}` }],
      encoding: { x, y, text: { field: 'label' }, color },
    })),
  ];
  if (band) {
    layer.unshift(
      {
        data: { values: [{ y: band.from, y2: band.to }] },
        mark: { type: 'rect', color: '#f3f3f3' },
        encoding: { y: { field: 'y', type: 'quantitative', scale: yScale }, y2: { field: 'y2' } },
      },
      {
        data: {
          values: [
            {
              y: band.to,
              text: `not values: ${[...new Set(off.map((r) => (r.state === 'saturated' ? 'saturated (a latency: lower bound)' : r.state === 'deadlock' ? 'deadlock' : 'incomplete')))].join(', ')}`,
            },
          ],
        },
        mark: { type: 'text', align: 'left', baseline: 'top', dx: 4, dy: 3, fontSize: 9, color: '#777777' },
        encoding: {
          x: { value: 0 },
          y: { field: 'y', type: 'quantitative', scale: yScale },
          text: { field: 'text' },
        },
      },
    );
  }
  if (a.reference) {
    // its own data: drawn in every panel, in grey, named in a legend of its own
    const ref = {
      data: { values: a.reference.points.map(([rx, ry]) => ({ x: rx, y: ry, source: a.reference!.label })) },
    };
    const stroke = { field: 'source', type: 'nominal', title: 'reference', scale: { range: [[4, 3]] } };
    const rx = { field: 'x', type: 'quantitative', scale: x.scale };
    layer.unshift(
      {
        ...ref,
        mark: { type: 'line', strokeWidth: 1, color: '#888888' },
        encoding: { x: rx, y: { field: 'y', type: 'quantitative', scale: yScale }, strokeDash: stroke },
      },
      {
        ...ref,
        mark: { type: 'square', size: 30, color: '#888888', filled: true },
        encoding: { x: rx, y: { field: 'y', type: 'quantitative', scale: yScale } },
      },
    );
  }
  const inner = { width: a.width ?? 420, height: a.height ?? 280, layer };
  const body = a.facet
    ? { facet: { field: 'facet', type: 'nominal', title: quantityOf(a.facet).title }, columns: 2, spec: inner }
    : inner;
  const intervals = rows.some((r) => r.lo !== null);
  const level = Math.round((a.confidence ?? 0.95) * 1000) / 10;
  const title =
    a.title ??
    `${quantityOf(a.y).title} against ${quantityOf(a.x).title.toLowerCase()}${a.series ? `, by ${quantityOf(a.series).title.toLowerCase()}` : ''}`;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: title,
      ...(intervals ? { subtitle: `error bars: ${level}% confidence intervals of the mean` } : {}),
      anchor: 'start',
    },
    data: { values: rows },
    ...body,
    // full legend names: Vega-Lite cuts labels at 160 px by default
    config: {
      legend: { orient: 'right', labelLimit: 0, titleLimit: 0 },
      axis: { titleLimit: 0, labelLimit: 0 },
      point: { filled: false },
    },
  };
}
