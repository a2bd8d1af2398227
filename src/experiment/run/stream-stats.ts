import type { FedGroup, GroupTimes } from '../../engine/feed.ts';
import type { RunStats, Window } from './stats.ts';

/**
 * The statistics of src/experiment/run/stats.ts summarize(), accumulated one multicast at a time as a
 * streamed run releases them (src/engine/feed.ts), so that nothing of the whole run is kept.
 * Multicasts created in [from, requestedTo) count; those still in flight when the run ends are
 * added by `end` and count only when created inside the window the run actually measured.
 * With `batches` > 0, the window is cut into that many equal spans of creation time and the
 * mean latency of each span's completed messages is kept (batch means, docs/experiments.md).
 */
export class StreamStats {
  private multicasts = 0;
  private completed = 0;
  private destCount = 0;
  private latSum = 0;
  private latMax = 0;
  private netSum = 0;
  private compSum = 0;
  private compMax = 0;
  private generatedFlits = 0;
  private readonly batchSum: Float64Array;
  private readonly batchCount: Float64Array;

  constructor(
    private readonly window: Window,
    private readonly flits: number,
    batches = 0,
  ) {
    this.batchSum = new Float64Array(batches);
    this.batchCount = new Float64Array(batches);
  }

  /** A multicast released (every worm done) or left at the end (`measuredTo`: the measured window's end). */
  add(g: FedGroup, times: GroupTimes, measuredTo = Infinity): void {
    const c = g.created;
    if (c < this.window.from || c >= this.window.to || c >= measuredTo) return;
    this.multicasts++;
    this.generatedFlits += this.flits * g.dests.length;
    // the first tail delivery at every destination of the multicast, by any of its worms
    const tail = new Map<number, number>();
    const net = new Map<number, number>();
    for (let d = 0; d < times.destNode.length; d++) {
      const at = times.destTail[d]!;
      if (at < 0) continue;
      const node = times.destNode[d]!;
      if (!tail.has(node) || at < tail.get(node)!) {
        tail.set(node, at);
        net.set(node, at - times.injected[times.destWorm[d]!]!);
      }
    }
    if (!g.dests.every((d) => tail.has(d))) return;
    this.completed++;
    let last = 0;
    let sum = 0;
    for (const d of g.dests) {
      const lat = tail.get(d)! - c;
      this.latSum += lat;
      sum += lat;
      this.netSum += net.get(d)!;
      if (lat > this.latMax) this.latMax = lat;
      if (lat > last) last = lat;
      this.destCount++;
    }
    this.compSum += last;
    if (last > this.compMax) this.compMax = last;
    const B = this.batchSum.length;
    if (B > 0) {
      const b = Math.min(B - 1, Math.floor(((c - this.window.from) * B) / (this.window.to - this.window.from)));
      this.batchSum[b]! += sum / g.dests.length;
      this.batchCount[b]!++;
    }
  }

  /** The statistics over the measured window [from, to), with the flits ejected in it. */
  result(measured: Window, nodes: number, ejectedInWindow: number): RunStats {
    const span = measured.to - measured.from;
    return {
      multicasts: this.multicasts,
      completed: this.completed,
      meanLatency: this.destCount ? this.latSum / this.destCount : NaN,
      maxLatency: this.latMax,
      meanNetworkLatency: this.destCount ? this.netSum / this.destCount : NaN,
      meanCompletion: this.completed ? this.compSum / this.completed : NaN,
      maxCompletion: this.compMax,
      generated: span > 0 ? this.generatedFlits / (nodes * span) : NaN,
      accepted: span > 0 ? ejectedInWindow / (nodes * span) : NaN,
    };
  }

  /** Mean message latency (over its destinations) per batch of creation time; NaN for an empty batch. */
  batchMeans(): number[] {
    return Array.from(this.batchSum, (s, i) => (this.batchCount[i]! > 0 ? s / this.batchCount[i]! : NaN));
  }
}
