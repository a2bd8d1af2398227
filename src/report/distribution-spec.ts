import { WormcastError } from '../errors.ts';
import type { LatencyBins } from '../experiment/run/latency-histogram.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';
import { varyingOptions } from './plot-axes.ts';
import { pointStatus } from './point-status.ts';
import { quantityOf, type TimeUnit } from './quantities.ts';

/*
 * Latency distributions of stored points (issue 23, docs/experiments.md "Plots"): the cumulative
 * distribution or the histogram of the per-destination latencies (creation to tail delivery) of
 * each point's measurement windows, from the `latencyHistogram` of its replications pooled
 * (src/experiment/run/latency-histogram.ts: exact bins of one cycle below 1,024 cycles). One line
 * per value of the series option, one panel per value of the facet option. A saturated or
 * incomplete point holds only the messages that completed: its series says so in the legend.
 * No Node import: the browser app can build the same spec.
 */

export type DistributionKind = 'cdf' | 'histogram';

export interface DistributionAxes {
  kind: DistributionKind;
  series?: string;
  facet?: string;
  title?: string;
  xTitle?: string;
  yTitle?: string;
  logX?: boolean;
  logY?: boolean;
  width?: number;
  height?: number;
  timeUnit?: TimeUnit;
  /** Bins of the histogram (default 30), equal in width (in log width with logX). */
  bins?: number;
  interactive?: boolean;
}

/** One vertex of a drawn line: a CDF's value at x, or a histogram bin's height from x on. */
export interface DistributionRow {
  series: string;
  facet: string;
  x: number;
  y: number;
}

const DEFAULT_BINS = 30;

function optionValue(p: StoredPoint, key: string): unknown {
  if (key === 'experiment') return p.experiment;
  return (p.config as unknown as Record<string, unknown>)[key] ?? (p.values as Record<string, unknown>)[key];
}

/** A point's latencies over every replication: [lower edge, upper edge, count] by lower edge, or null if none holds a histogram. */
export function pooledBins(p: StoredPoint): Array<[number, number, number]> | null {
  const bins = new Map<number, [number, number, number]>();
  let any = false;
  for (const r of p.replications) {
    const h = (r.result as { latencyHistogram?: LatencyBins }).latencyHistogram;
    if (!h) continue;
    any = true;
    h.counts.forEach((c, i) => {
      const lo = h.edges[i]!;
      const b = bins.get(lo);
      if (b) b[2] += c;
      else bins.set(lo, [lo, h.edges[i + 1]!, c]);
    });
  }
  return any ? [...bins.values()].sort((a, b) => a[0] - b[0]) : null;
}

/** The series and facet options, filled in from what varies among the points; a left-over one is refused. */
export function completeDistributionAxes(
  points: readonly StoredPoint[],
  axes: DistributionAxes,
): { axes: DistributionAxes; auto: string[] } {
  const taken = new Set([axes.series, axes.facet].filter((k): k is string => k !== undefined));
  const left = varyingOptions(points).filter((k) => !taken.has(k));
  const out = { ...axes };
  const auto: string[] = [];
  if (out.series === undefined && left.length > 0) {
    out.series = left.shift()!;
    auto.push(`--series ${out.series}`);
  }
  if (out.facet === undefined && left.length > 0) {
    out.facet = left.shift()!;
    auto.push(`--facet ${out.facet}`);
  }
  if (left.length > 0)
    throw new WormcastError(
      `plot --kind ${axes.kind}: the points vary in ${[out.series, out.facet, ...left].join(', ')}; a figure draws two of them (--series and --facet): pick the points of one ${left[0]} with --where ${left[0]}=<value>`,
    );
  return { axes: out, auto };
}

/** The series name of a point: its series option's value, and what its latencies are when it is not ok. */
function seriesName(p: StoredPoint, a: DistributionAxes): string {
  const name = a.series ? String(optionValue(p, a.series)) : 'latency';
  const { status } = pointStatus(p);
  return status === 'ok' ? name : `${name} (${status}: completed messages only)`;
}

/** The rows of the figure; throws a WormcastError naming a point without a histogram. */
export function distributionRows(points: readonly StoredPoint[], a: DistributionAxes): DistributionRow[] {
  const pooled = points.map((p) => {
    const bins = pooledBins(p);
    if (bins === null)
      throw new WormcastError(
        `plot --kind ${a.kind}: point ${p.index} holds no latency histogram (stored before latencyHistogram existed, or not a run of dynamic traffic); run the sweep again with --fresh`,
      );
    const f = a.timeUnit === 'us' ? (p.config.units?.cycleUs ?? Number.NaN) : 1;
    // [lower edge, upper edge, count, one cycle wide]: a one-cycle bin holds one latency, its lower edge
    return {
      p,
      bins: bins.map(([lo, hi, c]) => [lo * f, hi * f, c, hi - lo === 1] as [number, number, number, boolean]),
    };
  });
  const rows: DistributionRow[] = [];
  if (a.kind === 'cdf') {
    for (const { p, bins } of pooled) {
      const total = bins.reduce((s, b) => s + b[2], 0);
      if (total === 0) continue;
      const series = seriesName(p, a);
      const facet = a.facet ? String(optionValue(p, a.facet)) : '';
      const push = (x: number, y: number): void => {
        const last = rows.at(-1);
        if (last?.series !== series || last.facet !== facet || last.x !== x || last.y !== y)
          rows.push({ series, facet, x, y });
      };
      // F(x), the fraction of latencies <= x: latencies are whole cycles, so below 1,024 cycles
      // (one-cycle bins) F steps up at each latency and stays flat to the next one; a wider bin's
      // latencies are not known apart, and the line between its edges spreads them evenly
      let seen = 0;
      rows.push({ series, facet, x: bins[0]![0], y: 0 });
      for (const [lo, hi, c, exact] of bins) {
        push(lo, seen / total);
        seen += c;
        push(exact ? lo : hi, seen / total);
      }
      const [, end, , exact] = bins.at(-1)!;
      if (exact) push(end, 1);
    }
    return rows;
  }
  const all = pooled.flatMap(({ bins }) => bins.filter((b) => b[2] > 0));
  if (all.length === 0) return rows;
  const from = Math.min(...all.map((b) => b[0]));
  const to = Math.max(...all.map((b) => b[1]));
  const log = a.logX === true && from > 0;
  // in cycles a bin is a whole number of cycles wide: latencies are whole cycles, and bins of
  // 4.87 cycles would hold 4 or 5 of them by turns, a zig-zag that is not in the data
  const whole = !log && a.timeUnit !== 'us';
  const asked = a.bins ?? DEFAULT_BINS;
  const step = whole ? Math.max(1, Math.ceil((to - from) / asked)) : (to - from) / asked;
  const n = whole ? Math.max(1, Math.ceil((to - from) / step)) : asked;
  const end = whole ? from + n * step : to;
  const edge = (i: number) => (log ? from * (end / from) ** (i / n) : from + step * i);
  const binOf = (x: number) =>
    Math.min(n - 1, Math.floor(log ? (n * Math.log(x / from)) / Math.log(end / from) : (x - from) / step));
  for (const { p, bins } of pooled) {
    const total = bins.reduce((s, b) => s + b[2], 0);
    if (total === 0) continue;
    const series = seriesName(p, a);
    const facet = a.facet ? String(optionValue(p, a.facet)) : '';
    const counts = new Array<number>(n).fill(0);
    // a fine bin goes wholly to the display bin of its middle (fine bins are at most 1/512 of their latency wide)
    for (const [lo, hi, c] of bins) counts[binOf((lo + hi) / 2)]! += c;
    // a step line from 0 up into the first bin and back down to 0 after the last
    rows.push({ series, facet, x: from, y: 0 });
    counts.forEach((c, i) => rows.push({ series, facet, x: edge(i), y: c / total }));
    rows.push({ series, facet, x: end, y: counts[n - 1]! / total }, { series, facet, x: end, y: 0 });
  }
  return rows;
}

/** The Vega-Lite spec (v5) of a latency distribution. */
export function distributionSpec(rows: readonly DistributionRow[], a: DistributionAxes): Record<string, unknown> {
  const unit = a.timeUnit === 'us' ? 'µs' : 'cycles';
  const latency = quantityOf('meanLatency').note;
  const xTitle = a.xTitle ?? `Latency, ${latency} [${unit}]`;
  const cdf = a.kind === 'cdf';
  // short enough to fit along a 280-pixel axis: a longer one pushes the plot down from its title
  const yTitle = a.yTitle ?? (cdf ? 'Cumulative fraction of deliveries' : 'Fraction of deliveries per bin');
  const drawn = a.logY ? rows.filter((r) => r.y > 0) : rows;
  const xs = rows.map((r) => r.x);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  // the bins' width, from the rows (each series: a start at 0, the bins, the last bin's end twice)
  const perSeries = rows.filter((r) => r.series === rows[0]?.series && r.facet === rows[0]?.facet).length - 3;
  const width = perSeries > 0 ? (hi - lo) / perSeries : 0;
  const x = {
    field: 'x',
    type: 'quantitative',
    title: xTitle,
    scale: a.logX ? { type: 'log', nice: false } : { type: 'linear', zero: false, nice: false },
    // '~r': 1500, not 1.5e+3
    axis: { format: '~r', titlePadding: 8 },
  };
  const y = {
    field: 'y',
    type: 'quantitative',
    title: yTitle,
    scale: a.logY ? { type: 'log' } : { type: 'linear', ...(cdf ? { domain: [0, 1] } : {}) },
    axis: { titlePadding: 8 },
  };
  const seriesTitle = a.series ? quantityOf(a.series).title : 'points';
  const color = {
    field: 'series',
    type: 'nominal',
    title: seriesTitle,
    sort: null,
    ...(a.series ? {} : { legend: null }),
  };
  const inner = {
    width: a.width ?? 420,
    height: a.height ?? 280,
    mark: { type: 'line', strokeWidth: 1.5, interpolate: cdf ? 'linear' : 'step-after' },
    encoding: {
      x,
      y,
      color,
      tooltip: [
        { field: 'series', title: seriesTitle },
        { field: 'x', title: xTitle, format: '.4~f' },
        { field: 'y', title: yTitle, format: '.4~f' },
      ],
    },
    ...(a.interactive ? { params: [{ name: 'zoom', select: 'interval', bind: 'scales' }] } : {}),
  };
  const body = a.facet
    ? { facet: { field: 'facet', type: 'nominal', title: quantityOf(a.facet).title }, columns: 2, spec: inner }
    : inner;
  const what = cdf ? 'Cumulative distribution of latency' : 'Latency histogram';
  const title = a.title ?? `${what}${a.series ? `, by ${quantityOf(a.series).title.toLowerCase()}` : ''}`;
  const subtitle = cdf
    ? "each destination of the measured windows' messages, all replications"
    : `each destination of the measured windows' messages, all replications; ${a.logX ? `${perSeries} bins of equal log width` : `bins of ${Number(width.toPrecision(3))} ${unit}`}`;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: title, subtitle, anchor: 'start' },
    data: { values: drawn },
    ...body,
    config: { legend: { orient: 'right', labelLimit: 0, titleLimit: 0 }, axis: { titleLimit: 0, labelLimit: 0 } },
  };
}
