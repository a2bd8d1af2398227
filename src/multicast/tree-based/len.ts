import type { MulticastAlgorithm } from '../types.ts';
import { TreeWorm, treePlan } from './tree.ts';

/*
 * The LEN heuristic (Lan, Esfahanian and Ni, "Multicast in hypercube multiprocessors", JPDC 1990;
 * seed 004 reference [20], compared with greedy ST in seed 004 Fig. 7.4). The paper itself could
 * not be read here; the rule below is the one its authors' later descriptions give (docs/len.md
 * has the sources and what is assumed): a greedy, distributed multicast tree of shortest paths.
 * At every node of the tree, with D the destinations it must still serve:
 *   1. if the node itself is in D, deliver (and drop it from D);
 *   2. while D is not empty: for each dimension j count the destinations of D whose address
 *      differs from the node's in bit j (those one hop across j brings nearer); send one copy
 *      across the dimension with the largest count (ties: the lowest dimension, an assumption)
 *      carrying exactly those destinations, and drop them from D.
 * Each copy corrects one differing bit, so every destination is reached over a shortest path;
 * the subtrees of two dimensions chosen at one node are disjoint (the later one's destinations
 * agree with the node in the earlier dimension), so the union is a tree with no channel twice.
 */

/** The dimension across which the most of `dests` lie from `at` (lowest on ties), and that count. */
export function lenDimension(n: number, at: number, dests: readonly number[]): { dim: number; count: number } {
  let dim = -1;
  let count = 0;
  for (let j = 0; j < n; j++) {
    let c = 0;
    for (const d of dests) if (((d ^ at) >>> j) & 1) c++;
    if (c > count) {
      count = c;
      dim = j;
    }
  }
  return { dim, count };
}

/**
 * The LEN split at one node: the (dimension, destinations) copies it sends, in the order the
 * greedy rule picks them (the router's output order), and whether it delivers locally.
 */
export function lenSplit(
  n: number,
  at: number,
  dests: readonly number[],
): { local: boolean; copies: Array<{ dim: number; dests: number[] }> } {
  let rest = dests.filter((d) => d !== at);
  const local = rest.length !== dests.length;
  const copies: Array<{ dim: number; dests: number[] }> = [];
  while (rest.length > 0) {
    const { dim } = lenDimension(n, at, rest);
    const bit = 1 << dim;
    copies.push({ dim, dests: rest.filter((d) => (d ^ at) & bit) });
    rest = rest.filter((d) => !((d ^ at) & bit));
  }
  return { local, copies };
}

/** The LEN multicast tree from `source` as one tree worm (class 0 of the routing's VC classes). */
export const len: MulticastAlgorithm = {
  name: 'len',
  summary:
    'LEN greedy multicast tree of Lan, Esfahanian and Ni (seed 004 ref. [20], Fig. 7.4): shortest paths, most destinations per dimension first (docs/len.md)',
  topologies: ['hypercube'],
  routings: ['ecube'],
  port: 'one',
  build(routing, source, destinations) {
    const n = routing.topology.ports;
    const w = new TreeWorm(routing, source);
    const queue: Array<{ i: number; dests: readonly number[] }> = [{ i: 0, dests: Array.from(destinations) }];
    for (let h = 0; h < queue.length; h++) {
      const { i, dests } = queue[h]!;
      const at = w.node(i);
      const { local, copies } = lenSplit(n, at, dests);
      if (local) w.deliver(i);
      for (const c of copies) queue.push({ i: w.hop(i, c.dim, 0), dests: c.dests });
    }
    return treePlan(routing, 'len', source, destinations, [w]);
  },
};
