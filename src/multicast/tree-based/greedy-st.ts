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
  return Array.from(dests)
    .map((d, i) => [d, topology.distance(source, d), i] as const)
    .sort((a, b) => a[1] - b[1] || a[2] - b[2])
    .map((a) => a[0]);
}

/**
 * Steps 3 and 4 of Fig. 5.4 at replicate node list[0]: the Steiner tree T over list (root first,
 * then the destinations in order), edges in the seed's order (a split edge keeps its place as
 * (s, v) and (v, t) is appended, then (v, u_i)). Each u_i joins the first edge (lowest index)
 * whose shortest-path region is nearest to it.
 *
 * Every replicate node rebuilds the tree of its own list, so a broadcast from a corner of an
 * m x m mesh asks O(m^2) nearest-edge scans over O(m^2) edges at each of many replicate nodes.
 * The scan is therefore kept free of allocation: the shortest s-t paths of a mesh edge cover the
 * box spanned by s and t (kept per edge as per-dimension bounds), and u's distance to the box is
 * the sum of how far each coordinate lies outside it; on a hypercube it is the number of bits
 * where s and t agree and u differs. A distance of 0 cannot be beaten, so the scan stops there.
 * (test/multicast-greedy-st-fast.test.ts checks this against the direct form on random lists.)
 */
export function greedyStTree(topology: Topology, list: readonly number[]): StEdge[] {
  if (list.length < 2) return [];
  if (topology.kind === 'hypercube') return hypercubeTree(list);
  if (topology.kind === 'mesh') return meshTree(topology as Grid, list);
  throw new WormcastError(`greedy-st: needs a mesh or hypercube, not ${topology.spec}`);
}

/** The edges as pairs, from the parallel arrays the builders keep. */
function pairs(from: Int32Array, to: Int32Array, count: number): StEdge[] {
  const out: StEdge[] = new Array<StEdge>(count);
  for (let k = 0; k < count; k++) out[k] = [from[k]!, to[k]!];
  return out;
}

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** greedyStTree on a hypercube (node = its address bits). */
function hypercubeTree(list: readonly number[]): StEdge[] {
  // each u adds at most 2 edges
  const cap = 2 * list.length;
  const from = new Int32Array(cap);
  const to = new Int32Array(cap);
  from[0] = list[0]!;
  to[0] = list[1]!;
  let count = 1;
  for (let i = 2; i < list.length; i++) {
    const u = list[i]!;
    let best = -1;
    let bestD = Infinity;
    for (let k = 0; k < count; k++) {
      const s = from[k]!;
      // v = s where s and t agree, u where they differ; u and v differ where s = t and u != s
      const dv = popcount32((u ^ s) & ~(s ^ to[k]!));
      if (dv < bestD) {
        bestD = dv;
        best = k;
        if (dv === 0) break;
      }
    }
    const s = from[best]!;
    const t = to[best]!;
    const differ = s ^ t;
    const v = (s & ~differ) | (u & differ);
    if (v !== s && v !== t) {
      to[best] = v;
      from[count] = v;
      to[count++] = t;
    }
    if (v !== u) {
      from[count] = v;
      to[count++] = u;
    }
  }
  return pairs(from, to, count);
}

/** greedyStTree on a mesh: per edge the box of its shortest paths, lo/hi per dimension. */
function meshTree(g: Grid, list: readonly number[]): StEdge[] {
  const D = g.dims.length;
  const strides = g.strides;
  const dims = g.dims;
  const cap = 2 * list.length;
  const from = new Int32Array(cap);
  const to = new Int32Array(cap);
  const lo = new Int32Array(cap * D);
  const hi = new Int32Array(cap * D);
  const cu = new Int32Array(D);
  const cv = new Int32Array(D);
  const coord = (node: number, d: number): number => Math.floor(node / strides[d]!) % dims[d]!;
  /** Edge k = (a, b), its box from a's and b's coordinates. */
  const setEdge = (k: number, a: number, b: number): void => {
    from[k] = a;
    to[k] = b;
    for (let d = 0; d < D; d++) {
      const x = coord(a, d);
      const y = coord(b, d);
      lo[k * D + d] = x < y ? x : y;
      hi[k * D + d] = x < y ? y : x;
    }
  };
  setEdge(0, list[0]!, list[1]!);
  let count = 1;
  for (let i = 2; i < list.length; i++) {
    const u = list[i]!;
    for (let d = 0; d < D; d++) cu[d] = coord(u, d);
    let best = -1;
    let bestD = Infinity;
    for (let k = 0; k < count; k++) {
      let dv = 0;
      for (let d = 0; d < D; d++) {
        const c = cu[d]!;
        const l = lo[k * D + d]!;
        const h = hi[k * D + d]!;
        dv += c < l ? l - c : c > h ? c - h : 0;
      }
      if (dv < bestD) {
        bestD = dv;
        best = k;
        if (dv === 0) break;
      }
    }
    // v: u clamped into the best edge's box
    let v = 0;
    for (let d = 0; d < D; d++) {
      const c = cu[d]!;
      const l = lo[best * D + d]!;
      const h = hi[best * D + d]!;
      cv[d] = c < l ? l : c > h ? h : c;
      v += cv[d]! * strides[d]!;
    }
    const s = from[best]!;
    const t = to[best]!;
    if (v !== s && v !== t) {
      setEdge(best, s, v);
      setEdge(count++, v, t);
    }
    if (v !== u) setEdge(count++, v, u);
  }
  return pairs(from, to, count);
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

const DONE = { i: -1, list: [] as readonly number[] };

/**
 * The greedy ST tree worm as the forward nodes build it (Fig. 5.4): bypass nodes follow the unicast
 * routing function towards the next replicate node; each replicate node rebuilds the tree of its
 * own list and sends one sublist per son.
 */
export function greedyStWorm(
  routing: RoutingFunction,
  source: number,
  sorted: readonly number[],
  isDest: (n: number) => boolean,
): TreeWorm {
  const t = routing.topology;
  const w = new TreeWorm(routing, source);
  const queue: { i: number; list: readonly number[] }[] = [{ i: 0, list: [source, ...sorted] }];
  for (let h = 0; h < queue.length; h++) {
    const { i, list } = queue[h]!;
    // drop the entry once read: the lists alive stay O(|D|), not one per tree node
    queue[h] = DONE;
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
    if (!routing.minimal)
      throw new WormcastError(`algorithm greedy-st: needs a shortest-path routing function, not ${routing.name}`);
    const t = routing.topology;
    const dest = new Set(destinations);
    const w = greedyStWorm(routing, source, greedyStOrder(t, source, destinations), (n) => dest.has(n));
    return treePlan(routing, 'greedy-st', source, destinations, [w]);
  },
};
