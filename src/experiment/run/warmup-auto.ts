/*
 * `--warmup auto` (docs/traffic.md "Automatic warm-up"): the warm-up a run needs, found by the
 * MSER rule of White ("An effective truncation heuristic for bias reduction in simulation
 * output", Simulation 69(6), 1997) on the batch means of a pilot run. MSER chooses the number d of
 * leading batches to delete that minimises the squared standard error of the mean of the rest,
 *
 *     MSER(d) = sum_{j >= d} (z_j - mean_{j >= d} z)^2 / (k - d)^2,   0 <= d <= k / 2,
 *
 * over the batch means z_0 .. z_{k-1}. MSER-5 (White, Cobb and Spratt, Winter Simulation
 * Conference 2000) takes batches of 5 observations; here a batch is a span of creation time
 * (PILOT_BATCHES equal spans of the pilot), the batch means the streamed runs already keep.
 */

/** Batches of the pilot run (spans of its creation time). */
export const PILOT_BATCHES = 100;

/** What --warmup auto found, reported with the run (`warmupAuto` in --json). */
export interface WarmupAuto {
  method: 'MSER';
  /** The pilot: its cycles (the run's --cycles, from cycle 0) and its batches of creation time. */
  pilotCycles: number;
  batches: number;
  /** Batches deleted, and the warm-up in cycles they make. */
  deleted: number;
  warmup: number;
  /** MSER chose the largest deletion it may (half the batches): the transient may be longer than the pilot shows; lengthen --cycles. */
  atLimit: boolean;
  /** Fewer than 4 batches had a completed message: no warm-up was found (0 used). */
  tooFew: boolean;
}

/**
 * The MSER truncation of batch means `z` (NaN: a batch without a completed message, left out):
 * the index of the first batch kept, and whether it is the largest allowed (half the batches).
 */
export function mserTruncation(z: readonly number[]): { first: number; atLimit: boolean; tooFew: boolean } {
  const kept = z.map((x, i) => [x, i] as const).filter(([x]) => Number.isFinite(x));
  const k = kept.length;
  if (k < 4) return { first: 0, atLimit: false, tooFew: true };
  let best = 0;
  let bestValue = Infinity;
  const limit = Math.floor(k / 2);
  // suffix sums, so that each d costs O(1)
  const sum = new Float64Array(k + 1);
  const sq = new Float64Array(k + 1);
  for (let j = k - 1; j >= 0; j--) {
    sum[j] = sum[j + 1]! + kept[j]![0];
    sq[j] = sq[j + 1]! + kept[j]![0] ** 2;
  }
  for (let d = 0; d <= limit; d++) {
    const n = k - d;
    const mean = sum[d]! / n;
    const value = Math.max(0, sq[d]! - n * mean * mean) / (n * n);
    if (value < bestValue) {
      bestValue = value;
      best = d;
    }
  }
  return { first: kept[best]![1], atLimit: best === limit, tooFew: false };
}
