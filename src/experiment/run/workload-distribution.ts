import type { WormTimes } from '../../engine/results.ts';
import type { Workload } from '../../engine/workload.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import type { Window } from './stats.ts';
import { hopCount, type StreamDistribution, StreamStats } from './stream-stats.ts';

/**
 * The distribution measurements of StreamStats (percentiles, hops, per-node accepted flits) for a
 * run given all its worms at once (runWorkload): each multicast handed over as a streamed run
 * hands it at its release, so that both ways of running the same traffic report the same numbers
 * (test/stream-run.test.ts).
 */
export function workloadDistribution(
  w: Workload,
  times: WormTimes,
  routing: RoutingFunction,
  window: Window,
  measured: Window,
  routeSeed = 0,
): StreamDistribution {
  const t = routing.topology;
  const stats = new StreamStats(window, w.flits, 0, { nodes: t.nodes, hops: hopCount(routing, routeSeed) });
  for (let k = 0; k < w.created.length; k++) {
    const first = w.firstWorm[k]!;
    const last = w.firstWorm[k + 1]!;
    if (last <= first) continue;
    const injected: number[] = [];
    const destNode: number[] = [];
    const destTail: number[] = [];
    const destWorm: number[] = [];
    for (let wi = first; wi < last; wi++) {
      injected.push(times.injected[wi]!);
      const end = wi + 1 < times.destBase.length ? times.destBase[wi + 1]! : times.destNode.length;
      for (let d = times.destBase[wi]!; d < end; d++) {
        destNode.push(times.destNode[d]!);
        destTail.push(times.destTail[d]!);
        destWorm.push(wi - first);
      }
    }
    const group = {
      id: k,
      created: w.created[k]!,
      src: w.worms[first]!.src,
      flits: w.worms[first]!.flits,
      dests: w.dests[k]!,
      first,
      count: last - first,
      destEnd: 0,
      treeEnd: 0,
    };
    stats.add(group, { injected, destNode, destTail, destWorm }, measured.to);
  }
  return stats.distribution(measured);
}
