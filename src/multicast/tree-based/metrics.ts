import type { Plan } from '../plan.ts';

/** Static traffic of a tree plan (seed 004 chapter 3: traffic = links used). */
export interface TreeTraffic {
  /** Links (channels) used by all tree worms together: the seed's "total traffic". */
  readonly links: number;
  /** Links beyond the k a multicast to k destinations needs at least (seed 004 section 7.1). */
  readonly additional: number;
  /** Hops from the source to each destination along its tree, in plan.destinations order. */
  readonly depth: Int32Array;
  /** The largest depth. */
  readonly maxDepth: number;
  /** Nodes where a worm is replicated onto two or more channels (replicate nodes, section 5.2). */
  readonly replicateNodes: number;
}

/**
 * The static traffic metrics of a tree plan. (src/analysis/traffic.ts of the path-based issue did
 * not exist when this was written; docs/algorithms-tree.md "Static metrics".)
 */
export function treeTraffic(plan: Plan): TreeTraffic {
  const tr = plan.trees!;
  const depthOf = new Map<number, number>();
  let replicate = 0;
  for (let id = 0; id < plan.count; id++) {
    const a = tr.offsets[id]!;
    const b = tr.offsets[id + 1]!;
    const depth = new Int32Array(b - a);
    const kids = new Int32Array(b - a + 1);
    for (let e = a; e < b; e++) {
      const p = tr.parents[e]!;
      depth[e - a] = p < 0 ? 1 : depth[p]! + 1;
      kids[p + 1]!++;
    }
    for (const k of kids) if (k >= 2) replicate++;
    const dests = plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!);
    for (const d of dests) {
      let best = d === plan.senders[id] ? 0 : -1;
      for (let e = a; e < b; e++) if (tr.nodes[e] === d && (best < 0 || depth[e - a]! < best)) best = depth[e - a]!;
      depthOf.set(d, best);
    }
  }
  const links = tr.nodes.length;
  const depth = Int32Array.from(plan.destinations, (d) => depthOf.get(d) ?? -1);
  return {
    links,
    additional: links - plan.destinations.length,
    depth,
    maxDepth: depth.reduce((m, x) => Math.max(m, x), 0),
    replicateNodes: replicate,
  };
}
