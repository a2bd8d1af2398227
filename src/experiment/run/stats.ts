import type { WormTimes } from '../../engine/results.ts';
import type { Workload } from '../../engine/workload.ts';

/**
 * A measurement window [from, to) in cycles. `to <= from` is an empty window: a run that
 * stopped before the window began measured nothing.
 */
export interface Window {
  from: number;
  to: number;
}

/** Latency and throughput over the multicasts (or unicasts) created in a window. */
export interface RunStats {
  /** Multicasts created in the window, and how many of them completed. */
  multicasts: number;
  completed: number;
  /** Over destinations: creation to tail delivery. */
  meanLatency: number;
  maxLatency: number;
  /** Over destinations: the delivering worm's first injection to tail delivery. */
  meanNetworkLatency: number;
  /** Over multicasts: creation to the last delivery. */
  meanCompletion: number;
  maxCompletion: number;
  /**
   * Generated load: the flits the window's messages ask to have delivered (message flits x
   * destinations) per node per cycle of the window; NaN for an empty window. Not the configured
   * load (`--load`, message flits per node per cycle), which counts a multicast's message once.
   */
  generated: number;
  /** Accepted load: flits delivered (ejected) per node per cycle of the window; NaN for an empty window. */
  accepted: number;
}

/**
 * Statistics of a run (docs/model-flit.md "Results"): latencies over the multicasts created in
 * the window that completed; generated and accepted load over the window's cycles, from the
 * messages created in it and the ejected-flit counts at its ends. The window must be the part
 * of the requested one the run actually simulated: a message created after the run stopped
 * never existed, and cycles after it were never simulated.
 */
export function summarize(
  w: Workload,
  times: WormTimes,
  window: Window,
  nodes: number,
  ejectedInWindow: number,
): RunStats {
  let multicasts = 0;
  let completed = 0;
  let destCount = 0;
  let latSum = 0;
  let latMax = 0;
  let netSum = 0;
  let compSum = 0;
  let compMax = 0;
  let generatedFlits = 0;
  for (let k = 0; k < w.created.length; k++) {
    const c = w.created[k]!;
    if (c < window.from || c >= window.to) continue;
    multicasts++;
    const dests = w.dests[k]!;
    // each message its own size (a trace's differ): its first worm's flits; w.flits is the first message's
    const first = w.worms[w.firstWorm[k]!];
    generatedFlits += (first?.flits ?? w.flits) * dests.length;
    // the tail delivery of every destination of multicast k, by any of its worms
    const tail = new Map<number, number>();
    const net = new Map<number, number>();
    for (let wi = w.firstWorm[k]!; wi < w.firstWorm[k + 1]!; wi++) {
      const end = wi + 1 < times.destBase.length ? times.destBase[wi + 1]! : times.destNode.length;
      for (let d = times.destBase[wi]!; d < end; d++) {
        const at = times.destTail[d]!;
        if (at < 0) continue;
        const node = times.destNode[d]!;
        if (!tail.has(node) || at < tail.get(node)!) {
          tail.set(node, at);
          net.set(node, at - times.injected[wi]!);
        }
      }
    }
    if (!dests.every((d) => tail.has(d))) continue;
    completed++;
    let last = 0;
    for (const d of dests) {
      const lat = tail.get(d)! - c;
      latSum += lat;
      netSum += net.get(d)!;
      if (lat > latMax) latMax = lat;
      if (lat > last) last = lat;
      destCount++;
    }
    compSum += last;
    if (last > compMax) compMax = last;
  }
  const span = window.to - window.from;
  return {
    multicasts,
    completed,
    meanLatency: destCount ? latSum / destCount : NaN,
    // NaN (null in JSON) when nothing completed, as the means: 0 would read as a latency
    maxLatency: destCount ? latMax : NaN,
    meanNetworkLatency: destCount ? netSum / destCount : NaN,
    meanCompletion: completed ? compSum / completed : NaN,
    maxCompletion: completed ? compMax : NaN,
    generated: span > 0 ? generatedFlits / (nodes * span) : NaN,
    accepted: span > 0 ? ejectedInWindow / (nodes * span) : NaN,
  };
}
