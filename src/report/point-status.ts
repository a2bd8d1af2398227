import type { Interval } from '../experiment/run/confidence.ts';
import { LATENCY_METRICS, type MetricName } from '../experiment/config/metrics.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';

// a stored point's status (ok, saturated, deadlock, incomplete): src/experiment/sweep/point-status.ts,
// where the sweep's summary counts its points by it too
import { type PointStatus, pointStatus } from '../experiment/sweep/point-status.ts';

export { POINT_STATUSES, type PointStatus, pointStatus } from '../experiment/sweep/point-status.ts';

/** Whether metric `m` of a point with this status is a value (else: not written, not drawn as one). */
export function isValue(status: PointStatus, m: MetricName): boolean {
  return status === 'ok' || (status === 'saturated' && !LATENCY_METRICS.has(m));
}

/** The interval of `m` when it is a value of the point, else null. */
export function metricValue(p: StoredPoint, m: MetricName, status = pointStatus(p).status): Interval | null {
  const i = p.summary.metrics[m] as Interval | undefined;
  if (!i || !isValue(status, m) || i.mean === null || !Number.isFinite(i.mean)) return null;
  return i;
}
