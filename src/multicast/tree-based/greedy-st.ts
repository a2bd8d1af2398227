import { WormcastError } from '../../errors.ts';
import type { Grid } from '../../topology/grid.ts';
import type { Topology } from '../../topology/types.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { TreeWorm, treePlan } from './tree.ts';
import { tracePath } from '../../routing/trace.ts';
import type { RoutingFunction } from '../../routing/types.ts';

/** An edge (s, t) of the greedy Steiner tree T (seed 004 Fig. 5.4). */
export type StEdge = readonly [number, number];

/**
 * The node on a shortest s-t path nearest to u, in constant time (seed 004 section 5.2):
 * mesh: u clamped into the box spanned by s and t; hypercube: s's bits where s and t agree,
 * u's bits where they differ.
 */
export function nearestOnShortestPath(topology: Topology, s: number, t: number, u: number): number {
  if (topology.kind === 'hypercube') {
    const differ = s ^ t;
    return (s & ~differ) | (u & differ);
  }
  if (topology.kind === 'mesh') {
    const g = topology as Grid;
    const xs = g.coords(s);
    const xt = g.coords(t);
    const xu = g.coords(u);
    return g.fromCoords(xu.map((c, d) => Math.min(Math.max(c, Math.min(xs[d]!, xt[d]!)), Math.max(xs[d]!, xt[d]!))));
  }
  throw new WormcastError(`greedy-st: needs a mesh or hypercube, not ${topology.spec}`);
}

/**
 * Message preparation (seed 004 Fig. 5.3): the destinations sorted by distance from the source,
 * nearest first; equal distances keep their input order (ascending id from the registry).
 */
export function greedyStOrder(topology: Topology, source: number, dests: ArrayLike<number>): number[] {
  return Array.from(dests).map((d, i) => [d, topology.distance(source, d), i] as const)
    .sort((a, b) => a[1] - b[1] || a[2] - b[2]).map((a) => a[0]);
}

/**
 * Steps 3 and 4 of Fig. 5.4 at replicate node list[0]: the Steiner tree T over list (root first,
 * then the destinations in order), edges in the seed's order (a split edge keeps its place as
 * (s, v) and (v, t) is appended, then (v, u_i)).
 */
export function greedyStTree(topology: Topology, list: readonly number[]): StEdge[] {
  const root = list[0]!;
  if (list.length < 2) return [];
  const edges: [number, number][] = [[root, list[1]!]];
  for (let i = 2; i < list.length; i++) {
    const u = list[i]!;
    let best = -1;
    let bestV = -1;
    let bestD = Infinity;
    edges.forEach(([s, t], k) => {
      const v = nearestOnShortestPath(topology, s, t, u);
      const dv = topology.distance(u, v);
      if (dv < bestD) { bestD = dv; best = k; bestV = v; }
    });
    const [s, t] = edges[best]!;
    if (bestV !== s && bestV !== t) {
      edges[best] = [s, bestV];
      edges.push([bestV, t]);
    }
    if (bestV !== u) edges.push([bestV, u]);
  }
  return edges;
}

/**
 * Step 5 of Fig. 5.4: for each son r of the root in T (in edge order), the list D_r = (r, then
 * the destinations of `list` in r's subtree, in list order).
 */
export function greedyStSublists(list: readonly number[], edges: readonly StEdge[]): number[][] {
  const root = list[0]!;
  const kids = new Map<number, number[]>();
  for (const [s, t] of edges) {
    const k = kids.get(s) ?? [];
    k.push(t);
    kids.set(s, k);
  }
  const inList = new Set(list.slice(1));
  return (kids.get(root) ?? []).map((r) => {
    const sub = new Set<number>();
    const stack = [r];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (sub.has(n)) continue;
      sub.add(n);
      for (const c of kids.get(n) ?? []) stack.push(c);
    }
    return [r, ...list.slice(1).filter((d) => d !== r && sub.has(d) && inList.has(d))];
  });
}

/**
 * The greedy ST tree worm as the forward nodes build it (Fig. 5.4): bypass nodes follow the unicast
 * routing function towards the next replicate node; each replicate node rebuilds the tree of its
 * own list and sends one sublist per son.
 */
export function greedyStWorm(routing: RoutingFunction, source: number, sorted: readonly number[], isDest: (n: number) => boolean): TreeWorm {
  const t = routing.topology;
  const w = new TreeWorm(routing, source);
  const queue: { i: number; list: readonly number[] }[] = [{ i: 0, list: [source, ...sorted] }];
  for (let h = 0; h < queue.length; h++) {
    const { i, list } = queue[h]!;
    const at = w.node(i);
    const u = list[0]!;
    if (at !== u) {
      // step 1: a bypass node; one hop towards u
      const hop = tracePath(routing, at, u)[0]!;
      queue.push({ i: w.hop(i, hop.port, hop.vc), list });
      continue;
    }
    if (isDest(at)) w.deliver(i); // step 2 (and a replicate node that is a destination)
    if (list.length === 1) continue;
    const edges = greedyStTree(t, list); // steps 3 and 4
    for (const sub of greedyStSublists(list, edges)) {
      const hop = tracePath(routing, at, sub[0]!)[0]!;
      queue.push({ i: w.hop(i, hop.port, hop.vc), list: sub });
    }
  }
  return w;
}

/** Greedy Steiner tree (seed 004 section 5.2, Figs. 5.3 and 5.4) on a mesh or hypercube. */
export const greedySt: MulticastAlgorithm = {
  name: 'greedy-st',
  summary: 'greedy Steiner tree, replicated in routers (seed 004 section 5.2, Figs. 5.3, 5.4)',
  topologies: ['mesh', 'hypercube'],
  routings: 'any',
  port: 'one',
  build(routing, source, destinations) {
    if (!routing.minimal) throw new WormcastError(`algorithm greedy-st: needs a shortest-path routing function, not ${routing.name}`);
    const t = routing.topology;
    const dest = new Set(destinations);
    const w = greedyStWorm(routing, source, greedyStOrder(t, source, destinations), (n) => dest.has(n));
    return treePlan(routing, 'greedy-st', source, destinations, [w]);
  },
};
