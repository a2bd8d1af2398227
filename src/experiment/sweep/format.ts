import type { Interval } from '../run/confidence.ts';
import { LATENCY_METRICS, type MetricName } from '../config/metrics.ts';
import type { StoredPoint } from './store.ts';

/*
 * How a stored point's numbers are written for people (progress lines, `wormcast results`):
 * a latency of a saturated point is never an ordinary number (docs/experiments.md "Saturation"):
 * it is written `saturated (>= 972.9)`, the measured mean being only a lower bound of a latency
 * that grows with the run; a point whose runs measured nothing is `incomplete`.
 */

/** Decimals that suit a number's size: 1184.2, 51.23, 0.3395 (4 significant digits below 1). */
function decimalsFor(x: number): number {
  const a = Math.abs(x);
  if (a >= 100) return 1;
  if (a >= 1 || a === 0) return 2;
  return Math.min(12, 3 - Math.floor(Math.log10(a)));
}

/** A number with a precision fitting its size (`digitsOf`: the number whose size decides, e.g. a mean for its half-width). */
export function formatNumber(x: number | null | undefined, digitsOf: number | null | undefined = x): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '-';
  return x.toFixed(
    decimalsFor(digitsOf !== null && digitsOf !== undefined && Number.isFinite(digitsOf) ? digitsOf : x),
  );
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
  if (state === 'saturated')
    return i.mean !== null && Number.isFinite(i.mean) ? `saturated (>= ${formatNumber(i.mean)})` : 'saturated';
  return i.halfWidth !== null && Number.isFinite(i.halfWidth)
    ? `${formatNumber(i.mean)} ± ${formatNumber(i.halfWidth, i.mean)}`
    : formatNumber(i.mean);
}
