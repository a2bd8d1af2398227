import type { Interval } from './confidence.ts';
import { LATENCY_METRICS, type MetricName } from './metrics.ts';
import type { StoredPoint } from './store.ts';

/*
 * How a stored point's numbers are written for people (progress lines, `wormcast results`):
 * a latency of a saturated point is never an ordinary number (docs/experiments.md "Saturation"):
 * it is written `saturated (>= 972.9)`, the measured mean being only a lower bound of a latency
 * that grows with the run; a point whose runs measured nothing is `incomplete`.
 */

/** A number with a precision fitting its size: 1184.2, 51.23, 0.3395. */
export function formatNumber(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '-';
  const a = Math.abs(x);
  if (a >= 100) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  if (a === 0) return '0';
  return Number(x.toPrecision(4)).toString();
}

/** Whether a metric of this point is marked rather than printed as a number. */
export function metricState(p: StoredPoint, m: MetricName): 'ok' | 'saturated' | 'incomplete' {
  if (p.summary.incomplete.length > 0 && p.summary.incomplete.length === p.replications.length) return 'incomplete';
  if (p.summary.saturated && LATENCY_METRICS.has(m)) return 'saturated';
  return 'ok';
}

/** `51.23 ± 0.81`, `51.23` (one replication), `saturated (>= 972.9)`, `incomplete`. */
export function formatInterval(p: StoredPoint, m: MetricName): string {
  const i = p.summary.metrics[m] as Interval | undefined;
  if (!i) return '-';
  const state = metricState(p, m);
  if (state === 'incomplete') return 'incomplete';
  if (state === 'saturated') return `saturated (>= ${formatNumber(i.mean)})`;
  return i.halfWidth !== null && Number.isFinite(i.halfWidth) ? `${formatNumber(i.mean)} ± ${formatNumber(i.halfWidth)}` : formatNumber(i.mean);
}
