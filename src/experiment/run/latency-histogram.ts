/*
 * A latency histogram of fixed, log-linear bins (docs/traffic.md "What is measured"): a latency
 * below EXACT cycles has a bin of its own, so its percentiles are exact; from EXACT on, each
 * octave [2^k, 2^(k+1)) is cut into SUB equal bins of width 2^k / SUB, so a percentile there is
 * the lower edge of its bin, at most 1/SUB (0.2 %) below the latency it stands for. The memory is
 * fixed (about 12,000 counts up to 2^31 cycles) whatever the run's length.
 */

const EXACT = 1024;
const SUB = 512;
const EXACT_BITS = 10;
const SUB_BITS = 9;
/** Bins up to 2^32 cycles. */
export const BINS = EXACT + (32 - EXACT_BITS) * SUB;

/** The bin of a latency (a non-negative integer of cycles). */
function binOf(x: number): number {
  if (x < EXACT) return x;
  const k = 31 - Math.clz32(x);
  return EXACT + (k - EXACT_BITS) * SUB + ((x - 2 ** k) >>> (k - SUB_BITS));
}

/** The lower edge of bin b: the latency a percentile in it reports. */
function edgeOf(b: number): number {
  if (b < EXACT) return b;
  const k = EXACT_BITS + Math.floor((b - EXACT) / SUB);
  return 2 ** k + ((b - EXACT) % SUB) * 2 ** (k - SUB_BITS);
}

/** The percentiles a run reports (`latencyPercentiles` in --json). */
export interface LatencyPercentiles {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/**
 * A latency distribution as a run reports it (`latencyHistogram` in --json and the result store):
 * the bins above, from the first that holds a latency to the last; `edges` has one more entry
 * than `counts`, and counts[i] latencies x lie in edges[i] <= x < edges[i + 1] (cycles). Empty
 * arrays with no latency.
 */
export interface LatencyBins {
  edges: number[];
  counts: number[];
}

export class LatencyHistogram {
  // allocated at the first latency added: a kernel run's histogram is adopted (load), not copied
  private bins_: Float64Array | null = null;
  private n = 0;
  private max = 0;

  private get counts(): Float64Array {
    this.bins_ ??= new Float64Array(BINS);
    return this.bins_;
  }

  /**
   * Counts per bin (the kernel's, assembly/traffic/retire.ts: a copy the histogram keeps), their
   * total and the largest latency.
   */
  load(counts: Float64Array, n: number, max: number): void {
    if (counts.length !== BINS) throw new Error(`LatencyHistogram.load: ${counts.length} bins, not ${BINS}`);
    this.bins_ = counts;
    this.n = n;
    this.max = max;
  }

  add(latency: number): void {
    this.counts[binOf(latency)]!++;
    this.n++;
    if (latency > this.max) this.max = latency;
  }

  /**
   * The nearest-rank percentile: the smallest latency x with at least ceil(q n) of the n
   * latencies at or below it (the lower edge of its bin from EXACT on); NaN with none.
   */
  quantile(q: number): number {
    if (this.n === 0) return NaN;
    const rank = Math.max(1, Math.ceil(q * this.n));
    let seen = 0;
    // no latency lies beyond the largest one's bin: the scan stops there
    const last = binOf(this.max);
    for (let b = 0; b <= last; b++) {
      seen += this.counts[b]!;
      if (seen >= rank) return Math.min(edgeOf(b), this.max);
    }
    return this.max;
  }

  /** The non-empty stretch of bins (LatencyBins): exact, in the histogram's own edges. */
  bins(): LatencyBins {
    if (this.n === 0) return { edges: [], counts: [] };
    // the last non-empty bin is the largest latency's
    const last = binOf(this.max);
    let first = 0;
    while (this.counts[first]! === 0) first++;
    const edges: number[] = [];
    const counts: number[] = [];
    for (let b = first; b <= last; b++) {
      edges.push(edgeOf(b));
      counts.push(this.counts[b]!);
    }
    edges.push(edgeOf(last + 1));
    return { edges, counts };
  }

  percentiles(): LatencyPercentiles {
    const none = this.n === 0;
    return {
      p50: this.quantile(0.5),
      p90: this.quantile(0.9),
      p99: this.quantile(0.99),
      p999: this.quantile(0.999),
      max: none ? NaN : this.max,
    };
  }
}
