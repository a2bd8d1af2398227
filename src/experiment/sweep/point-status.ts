import type { StoredPoint } from './store.ts';

/*
 * A stored point's status as tables and figures show it (issue 23): one word a script can filter
 * on, instead of words in the numeric columns. The numbers of a point that is not `ok` are never
 * written or drawn as values (docs/experiments.md "Saturation"): a saturated point's latency is
 * only a lower bound (it grows with the run), a deadlocked or incomplete run measured nothing
 * the point asked for. A saturated point's other metrics (accepted throughput, generated traffic)
 * are measurements and stay values. Here, beside the store, so that a sweep's summary counts its
 * points as `results` and `plot` (src/report/point-status.ts) name them.
 */

export type PointStatus = 'ok' | 'saturated' | 'deadlock' | 'incomplete';

export const POINT_STATUSES: readonly PointStatus[] = ['ok', 'saturated', 'deadlock', 'incomplete'];

/** The status of a point and the first reason for it ('' when ok). */
export function pointStatus(p: StoredPoint): { status: PointStatus; reason: string } {
  const deadlocked = p.replications.find((r) => (r.result as { status?: unknown }).status === 'deadlock');
  if (deadlocked) {
    const why = p.summary.incomplete.find((w) => w.startsWith(`seed ${deadlocked.seed}:`));
    return { status: 'deadlock', reason: why ?? `seed ${deadlocked.seed}: the network deadlocked` };
  }
  if (p.summary.incomplete.length > 0) return { status: 'incomplete', reason: p.summary.incomplete[0]! };
  if (p.summary.saturated) return { status: 'saturated', reason: p.summary.saturation[0] ?? 'saturated' };
  return { status: 'ok', reason: '' };
}
