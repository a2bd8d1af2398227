import {
  distributionRows,
  distributionSpec,
  type DistributionKind,
  type DistributionRow,
  type SimulationResult,
  type StoredPoint,
} from 'wormcast';
import { renderChart } from './curves/chart.ts';
import { el } from './dom.ts';
import type { Outcome } from './simulate-panel.ts';

/*
 * A run's latency distribution on the page (docs/web.md): the cumulative distribution and the
 * histogram of its per-destination latencies, from the run's latencyHistogram, drawn by the
 * Vega-Lite specification of `wormcast plot --kind cdf|histogram` (src/report/distribution-spec.ts:
 * one spec for Node and the web), rendered as SVG like the curves.
 */

/** One chart: the rows drawn and its specification. */
export interface LatencyChart {
  rows: DistributionRow[];
  spec: Record<string, unknown>;
}

/**
 * The run as the one replication of a stored point, holding what distributionRows reads: its
 * latencyHistogram and, for the legend, whether its latencies are only those that completed
 * (a saturated, deadlocked or incomplete run).
 */
function pointOf(result: SimulationResult, outcome: Outcome): StoredPoint {
  const summary = {
    incomplete: outcome === 'incomplete' || outcome === 'deadlock' ? [result.incomplete ?? outcome] : [],
    saturated: outcome === 'saturated',
    saturation: outcome === 'saturated' ? ['messages of the window undelivered'] : [],
    metrics: {},
  };
  return {
    index: 0,
    config: {},
    values: {},
    replications: [{ seed: 0, result }],
    summary,
  } as unknown as StoredPoint;
}

/** The run's CDF and histogram charts, or null when it measured no latency (no histogram, or nothing completed). */
export function latencyCharts(
  result: SimulationResult,
  outcome: Outcome,
): Record<DistributionKind, LatencyChart> | null {
  const h = result.latencyHistogram;
  if (!h || h.counts.every((c) => c === 0)) return null;
  const point = pointOf(result, outcome);
  const chart = (kind: DistributionKind, title: string): LatencyChart => {
    const axes = { kind, title, width: 300, height: 180 };
    const rows = distributionRows([point], axes);
    return { rows, spec: distributionSpec(rows, axes) };
  };
  return {
    cdf: chart('cdf', 'Cumulative distribution of latency'),
    histogram: chart('histogram', 'Latency histogram'),
  };
}

/** The two charts, side by side, rendered as SVG when vega has loaded. */
export function renderLatencyCharts(charts: Record<DistributionKind, LatencyChart>): HTMLElement {
  const boxes = (['cdf', 'histogram'] as const).map((kind) => {
    const box = el('div', { class: 'chart latency-chart', 'data-testid': `sim-latency-${kind}` });
    renderChart(charts[kind].spec, box).then(
      () => {
        box.dataset.state = 'done';
      },
      (e: unknown) => {
        box.textContent = `chart not drawn: ${e instanceof Error ? e.message : String(e)}`;
        box.dataset.state = 'error';
      },
    );
    return box;
  });
  return el('div', { class: 'latency-charts', 'data-testid': 'sim-latency-charts' }, ...boxes);
}
