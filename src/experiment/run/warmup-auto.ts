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
  /** Batches deleted (the more of MSER's and the fill bound's), and the warm-up in cycles they make. */
  deleted: number;
  warmup: number;
  /** The batches MSER alone deleted. */
  mser: number;
  /**
   * The pilot's longest message time (creation to completion, cycles; null with none completed):
   * the warm-up is at least this, rounded up to whole batches, so that the window opens on a
   * network holding its steady population of messages (docs/traffic.md "Automatic warm-up").
   */
  fill: number | null;
  /** MSER chose the largest deletion it may (half the batches), or the fill bound asked for more: the transient may be longer than the pilot shows; lengthen --cycles. */
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

/**
 * The warm-up of `--warmup auto` from a pilot of `pilotCycles` cycles in `batches` spans of
 * creation time: its latency batch means `z` and its longest message time `maxCompletion`. MSER
 * watches the latency; a network filling up shows little in it at light load (the first messages
 * cross an empty network about as fast as later ones), so MSER alone may delete nothing, and the
 * window then opens while fewer messages are in the network than its steady population. The run's
 * accepted throughput then falls short of its generated load by about that population over the
 * window's messages, which the saturation rule took for saturation (torus:8x8, tornado at 0.1,
 * 2,000 cycles: MSER 20 cycles, accepted 0.1009 against generated 0.1040, "SATURATED" at 30 %
 * channel load). A network that started empty holds its steady population once every message it
 * holds was created after the start, that is after the longest time a message spends in it: the
 * warm-up is at least the pilot's longest message time, in whole batches, at most half the pilot
 * (beyond, atLimit).
 */
export function autoWarmup(
  z: readonly number[],
  maxCompletion: number,
  pilotCycles: number,
  batches: number,
): WarmupAuto {
  const m = mserTruncation(z);
  const span = pilotCycles / batches;
  const limit = Math.floor(batches / 2);
  const fill = Number.isFinite(maxCompletion) && maxCompletion > 0 ? maxCompletion : null;
  const fillBatches = fill === null ? 0 : Math.ceil(fill / span);
  const deleted = Math.max(m.first, Math.min(fillBatches, limit));
  return {
    method: 'MSER',
    pilotCycles,
    batches,
    deleted,
    warmup: Math.round(deleted * span),
    mser: m.first,
    fill,
    atLimit: m.atLimit || fillBatches > limit,
    tooFew: m.tooFew,
  };
}

/** The text of what --warmup auto found (the CLI's line, the browser's row). */
export function warmupAutoText(w: WarmupAuto, cyclesWord: string): string {
  const fill =
    w.deleted > w.mser && w.fill !== null
      ? `; ${w.deleted} to cover the pilot's longest message time, ${w.fill} cycles`
      : '';
  const limit = w.atLimit ? `; at its limit, half the pilot: the transient may be longer, lengthen ${cyclesWord}` : '';
  const few = w.tooFew ? '; too few completed messages for MSER to tell' : '';
  return `${w.warmup} cycles (MSER deleted ${w.mser} of ${w.batches} batch means of a ${w.pilotCycles}-cycle pilot${fill}${limit}${few})`;
}
