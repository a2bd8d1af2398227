import type { FedGroup, GroupTimes } from '../../engine/feed.ts';
import { tracePath } from '../../routing/trace.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { keysOf, wormKey } from '../../engine/worm-key.ts';
import type { KernelStats } from '../../engine/kernel-traffic.ts';
import { LatencyHistogram, type LatencyBins, type LatencyPercentiles } from './latency-histogram.ts';
import type { RunStats, Window } from './stats.ts';

/** What StreamStats measures besides RunStats (docs/traffic.md "What is measured"). */
export interface StreamDistribution {
  latencyPercentiles: LatencyPercentiles;
  /** The same latencies' distribution in the histogram's bins (a CDF or histogram plot's data). */
  latencyHistogram: LatencyBins;
  /**
   * Mean hops of the routing function's route from a message's source to each of its measured
   * destinations (what a unicast travels; for a multicast, the distance each copy is from its
   * source, not the plan's path); absent without a hop count.
   */
  meanHops?: number;
  /** Flits whose message's tail reached each node in the measured window, per cycle of it; min and max over the nodes. */
  acceptedPerNode: { min: number; max: number; perNode: number[] };
}

/**
 * The hops of the route from src to dest of worm number `worm`: the distance where every route is
 * a shortest path (RoutingFunction.minimal; dor's random tie-break is one), else the routing
 * function's route traced hop by hop under the worm's routing key (valiant's intermediate node is
 * the worm's own: the route its header took, for every function that does not choose by the
 * network's state). The kernel's twin: hops() in assembly/traffic/retire.ts.
 */
export function hopCount(
  routing: RoutingFunction,
  routeSeed: number,
): (src: number, dest: number, worm: number) => number {
  const t = routing.topology;
  if (routing.minimal) return (src, dest) => t.distance(src, dest);
  const keys = keysOf(routing);
  return (src, dest, worm) => tracePath(routing, src, dest, undefined, wormKey(routeSeed, worm, keys)).length;
}

/** The extra measurements: the node count, and the hops a message from src to dest travels (unicast traffic). */
export interface StreamStatsOptions {
  nodes: number;
  hops?: (src: number, dest: number, worm: number) => number;
}

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
  private hopSum = 0;
  private lastTail = -1;
  private readonly batchSum: Float64Array;
  private readonly batchCount: Float64Array;
  private readonly histogram = new LatencyHistogram();
  private readonly acceptedFlits: Float64Array;

  constructor(
    private readonly window: Window,
    private readonly flits: number,
    batches = 0,
    private readonly extra: StreamStatsOptions = { nodes: 0 },
  ) {
    this.batchSum = new Float64Array(batches);
    this.batchCount = new Float64Array(batches);
    this.acceptedFlits = new Float64Array(extra.nodes);
  }

  /** A multicast released (every worm done) or left at the end (`measuredTo`: the measured window's end). */
  add(g: FedGroup, times: GroupTimes, measuredTo = Infinity): void {
    // a message's own size (a size mix), else the run's
    const flits = g.flits > 0 ? g.flits : this.flits;
    // accepted at a node: every tail that reached it inside the window, whenever its message was created
    for (let d = 0; d < times.destNode.length; d++) {
      if (times.destTail[d]! > this.lastTail) this.lastTail = times.destTail[d]!;
    }
    if (this.acceptedFlits.length > 0)
      for (let d = 0; d < times.destNode.length; d++) {
        const at = times.destTail[d]!;
        if (at >= this.window.from && at < this.window.to && at < measuredTo)
          this.acceptedFlits[times.destNode[d]!]! += flits;
      }
    const c = g.created;
    if (c < this.window.from || c >= this.window.to || c >= measuredTo) return;
    this.multicasts++;
    this.generatedFlits += flits * g.dests.length;
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
      this.histogram.add(lat);
      if (this.extra.hops) this.hopSum += this.extra.hops(g.src, d, g.first);
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

  /** Take the kernel's sums instead (kernel traffic: the kernel retired every message, assembly/traffic/retire.ts). */
  loadKernel(k: KernelStats): void {
    this.multicasts = k.multicasts;
    this.completed = k.completed;
    this.destCount = k.destCount;
    this.latSum = k.latSum;
    this.latMax = k.latMax;
    this.netSum = k.netSum;
    this.compSum = k.compSum;
    this.compMax = k.compMax;
    this.generatedFlits = k.generatedFlits;
    this.hopSum = k.hopSum;
    this.lastTail = k.lastTail;
    this.histogram.load(k.histogram, k.histogramN, k.histogramMax);
    this.acceptedFlits.set(k.accepted);
    this.batchSum.set(k.batchSum);
    this.batchCount.set(k.batchCount);
  }

  /** The statistics over the measured window [from, to), with the flits ejected in it. */
  result(measured: Window, nodes: number, ejectedInWindow: number): RunStats {
    const span = measured.to - measured.from;
    return {
      multicasts: this.multicasts,
      completed: this.completed,
      meanLatency: this.destCount ? this.latSum / this.destCount : NaN,
      // NaN (null in JSON) when nothing completed, as the means: 0 would read as a latency
      maxLatency: this.destCount ? this.latMax : NaN,
      meanNetworkLatency: this.destCount ? this.netSum / this.destCount : NaN,
      meanCompletion: this.completed ? this.compSum / this.completed : NaN,
      maxCompletion: this.completed ? this.compMax : NaN,
      generated: span > 0 ? this.generatedFlits / (nodes * span) : NaN,
      accepted: span > 0 ? ejectedInWindow / (nodes * span) : NaN,
    };
  }

  /** The cycle of the last tail delivery of any message added, -1 with none (a batch's drain time). */
  lastDelivery(): number {
    return this.lastTail;
  }

  /** The latency percentiles, hops and per-node accepted flits over the measured window [from, to). */
  distribution(measured: Window): StreamDistribution {
    const span = measured.to - measured.from;
    const perNode = Array.from(this.acceptedFlits, (f) => (span > 0 ? f / span : NaN));
    let min = Infinity;
    let max = -Infinity;
    for (const x of perNode) {
      if (x < min) min = x;
      if (x > max) max = x;
    }
    return {
      latencyPercentiles: this.histogram.percentiles(),
      latencyHistogram: this.histogram.bins(),
      ...(this.extra.hops ? { meanHops: this.destCount ? this.hopSum / this.destCount : NaN } : {}),
      acceptedPerNode: perNode.length > 0 ? { min, max, perNode } : { min: NaN, max: NaN, perNode },
    };
  }

  /** Mean message latency (over its destinations) per batch of creation time; NaN for an empty batch. */
  batchMeans(): number[] {
    return Array.from(this.batchSum, (s, i) => (this.batchCount[i]! > 0 ? s / this.batchCount[i]! : NaN));
  }
}
