import type { SimulationResult } from '../run/simulate.ts';

/** When a point counts as saturated (an experiment's `saturation`, src/experiment/config/schema.ts). */
export interface SaturationRule {
  /** A point is saturated when accepted < generated x (1 - throughputTolerance). */
  throughputTolerance: number;
  /** ... or when the second half of its window's messages waited > (1 + latencyGrowth) x the first half's. */
  latencyGrowth: number;
}

/*
 * Saturation (docs/experiments.md "Saturation"). Past saturation a network accepts less than it
 * is offered, queues at the sources grow without bound, and the mean latency a run measures is
 * no steady-state value: it grows with the length of the run (a run of the 8x8 mesh at 0.35
 * flits/node/cycle measured 1,082 cycles over a 20,000-cycle window and 1,469 over 40,000, seed 3).
 * Such a latency must never be printed as an ordinary point of a curve. A replication is
 * saturated when any of these holds:
 * 1. the engine stopped it for messages in flight filling its records (status 'saturated');
 * 2. messages created in the window did not all complete by the end of the drain;
 * 3. it accepted less than it generated: the relative deficit (generated - accepted) / generated
 *    exceeds both throughputTolerance (default 2 %) and three standard deviations of the deficit
 *    of a stable run. A stable run's deficit is only the boundary effect of the window: the
 *    messages of the window still in the network at its end, less those of before it delivered
 *    in it; both are about Poisson with mean m = (messages per cycle) x (mean completion time),
 *    Little's law, so the deficit's relative standard deviation is sqrt(2 m) / (messages of the
 *    window). Short windows of light traffic are noisy (a 4x4 mesh at 0.1 over 2,000 cycles:
 *    200 messages, 2.5 % deficits happen); past saturation the deficit grows with the window
 *    (the 8x8 mesh at 0.35: 4 % of 28,000 messages, 7 standard deviations);
 * 4. the latency grew over the window: the mean of the second half's batch means exceeds the
 *    first half's by more than latencyGrowth (default 25 %) and by three standard errors of the
 *    difference (from the batch means' spread).
 * A point is saturated when any of its replications is by 1-3, or when more than half of them
 * are by 4: near the knee a stable point's latency wanders with long correlation times, and one
 * replication in five of the 8x8 mesh at 0.30 (stable in BookSim) measured 105 then 136 cycles
 * over the halves of a 20,000-cycle window; past saturation every replication grows.
 */

/** The rule's default tolerances (an experiment's `saturation`; a single run's, issue 23). */
export const DEFAULT_SATURATION_RULE: SaturationRule = { throughputTolerance: 0.02, latencyGrowth: 0.25 };

/**
 * A single run past saturation (issue 23: `wormcast simulate` printed a latency of 4550.76 with
 * exit 0): the reasons of saturationReasons under the default rule, for `wormcast simulate` and
 * the library's simulate(options). Only a run that measured something (`incomplete` null) is
 * judged: a deadlock or an empty window already says why it has no numbers.
 */
export function runSaturation(r: SimulationResult): string[] {
  if (r.incomplete !== null) return [];
  return saturationReasons(r, r.batchMeans ?? null, DEFAULT_SATURATION_RULE);
}

/** The growth rule's reasons start with this (src/experiment/sweep/point-run.ts counts them apart). */
export const GROWTH_REASON = 'latency still growing';

/** Whether the reasons of replications make their point saturated (rules above). */
export function pointSaturated(reasons: readonly (readonly string[])[]): boolean {
  if (reasons.some((why) => why.some((w) => !w.startsWith(GROWTH_REASON)))) return true;
  return reasons.filter((why) => why.length > 0).length * 2 > reasons.length;
}

/** Why a replication counts as saturated (empty: it does not). */
export function saturationReasons(
  r: SimulationResult,
  batchMeans: readonly number[] | null,
  rule: SaturationRule,
): string[] {
  const why: string[] = [];
  if ((r.status as string) === 'saturated')
    why.push(`the engine stopped the run at cycle ${r.cycles}: messages in flight filled its records`);
  if (
    r.multicasts > 0 &&
    r.completed < r.multicasts &&
    r.window.to > r.window.from &&
    (r.status === 'finished' || r.status === 'limit')
  ) {
    why.push(
      `${r.multicasts - r.completed} of the ${r.multicasts} messages created in the window did not complete by cycle ${r.cycles}`,
    );
  }
  if (Number.isFinite(r.throughput) && Number.isFinite(r.generated) && r.generated > 0 && r.multicasts > 0) {
    const deficit = (r.generated - r.throughput) / r.generated;
    const span = r.window.to - r.window.from;
    const inSystem = Number.isFinite(r.meanCompletion) ? (r.multicasts / span) * r.meanCompletion : 0;
    const noise = (3 * Math.sqrt(2 * inSystem)) / r.multicasts;
    if (deficit > rule.throughputTolerance && deficit > noise) {
      why.push(`accepted ${r.throughput.toFixed(4)} < generated ${r.generated.toFixed(4)} flits/node/cycle`);
    }
  }
  const growth = latencyGrowth(batchMeans);
  if (
    growth !== null &&
    growth.second > growth.first * (1 + rule.latencyGrowth) &&
    growth.second - growth.first > 3 * growth.se
  ) {
    why.push(
      `${GROWTH_REASON}: ${growth.first.toFixed(1)} over the window's first half, ${growth.second.toFixed(1)} over its second`,
    );
  }
  return why;
}

/**
 * Mean of the first and second halves of the batch means (an odd middle batch left out), and
 * the standard error of their difference from the spread of the batch means; null without
 * enough batches.
 */
export function latencyGrowth(
  batchMeans: readonly number[] | null,
): { first: number; second: number; se: number } | null {
  if (!batchMeans || batchMeans.length < 2) return null;
  const half = Math.floor(batchMeans.length / 2);
  const mean = (xs: readonly number[]) => {
    const v = xs.filter((x) => Number.isFinite(x));
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
  };
  const a = batchMeans.slice(0, half);
  const b = batchMeans.slice(batchMeans.length - half);
  const first = mean(a);
  const second = mean(b);
  if (!Number.isFinite(first) || !Number.isFinite(second)) return null;
  // pooled within-half variance of the batch means (each half about its own mean, so that the growth itself is not counted as spread)
  const dev = [...a.map((x) => x - first), ...b.map((x) => x - second)].filter((x) => Number.isFinite(x));
  const df = dev.length - 2;
  const variance = df > 0 ? dev.reduce((s2, x) => s2 + x * x, 0) / df : 0;
  const se = Math.sqrt(variance * (2 / half));
  return { first, second, se };
}

/**
 * Why a replication did not measure at all (a deadlock, out of slots, a bad route, no message
 * created in the window), or null. Unlike saturation, such a point has no valid numbers.
 */
export function incompleteReason(r: SimulationResult): string | null {
  if (!r.incomplete) return null;
  if ((r.status as string) === 'saturated') return null;
  if ((r.status === 'finished' || r.status === 'limit') && r.multicasts > 0) return null;
  return r.incomplete;
}
