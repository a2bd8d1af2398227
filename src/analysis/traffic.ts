import { MESSAGE_KINDS, type Plan, type PlanTrees } from '../multicast/plan.ts';
import { DELIVER, INJECT, portOf, type RoutingFunction } from '../routing/types.ts';
import type { Topology } from '../topology/types.ts';
import { tracePlan, type PlanPaths } from './paths.ts';

/** The static traffic metrics of one multicast plan (seed 004 section 7.1; docs/algorithms-path.md). */
export interface TrafficMetrics {
  /** Channels used, counting every message's hops (one unit per message per link). */
  readonly traffic: number;
  /** traffic - k for k destinations: a 1-to-k multicast needs at least k units (seed 004 section 7.1). */
  readonly additionalTraffic: number;
  /** Messages (worms for path-based plans, unicasts for unicast-based ones). */
  readonly worms: number;
  /** Hops from the source to each destination's delivery, aligned with plan.destinations. */
  readonly hops: Int32Array;
  readonly maxHops: number;
  readonly meanHops: number;
}

/**
 * The traffic metrics of a plan, from its traced paths (plan.routes when present). A destination's
 * hops count along the message that delivers it, plus, when that message is sent by a destination
 * (software forwarding), the hops by which the sender got the message first.
 *
 * A path worm or unicast is walked hop by hop. A tree worm (plan.trees) is not a path: its edges are
 * listed parents first, and a destination's hops are the depth of the tree node that delivers it,
 * i.e. the length of the tree path from the sender (seed 004 section 5.2). That node is the first
 * tree node (in the breadth-first edge order) at the destination, as the engine delivers it
 * (src/engine/input.ts); a branch may cross a destination that another branch delivers.
 */
export function trafficOf(plan: Plan, paths: PlanPaths = tracePlan(plan)): TrafficMetrics {
  const hopsAt = new Map<number, number>();
  hopsAt.set(plan.source, 0);
  const trees = plan.trees;
  for (let id = 0; id < plan.count; id++) {
    if (trees && plan.kinds[id] === TREE && trees.offsets[id + 1]! > trees.offsets[id]!)
      treeHops(plan, trees, id, hopsAt);
    else pathHops(plan, paths, id, hopsAt);
  }
  const hops = new Int32Array(plan.destinations.length);
  let max = 0;
  let sum = 0;
  plan.destinations.forEach((d, i) => {
    const h = hopsAt.get(d) ?? 0;
    hops[i] = h;
    if (h > max) max = h;
    sum += h;
  });
  const traffic = paths.offsets[plan.count]!;
  const k = plan.destinations.length;
  return {
    traffic,
    additionalTraffic: traffic - k,
    worms: plan.count,
    hops,
    maxHops: max,
    meanHops: k > 0 ? sum / k : 0,
  };
}

const TREE = MESSAGE_KINDS.indexOf('tree');

/** A path worm or unicast: its destinations in order along its route. */
function pathHops(plan: Plan, paths: PlanPaths, id: number, hopsAt: Map<number, number>): void {
  const t = plan.topology;
  const P = t.ports;
  const V = paths.vcs;
  let node = plan.senders[id]!;
  let h = hopsAt.get(node) ?? 0;
  let k = plan.destOffsets[id]!;
  const kEnd = plan.destOffsets[id + 1]!;
  for (let c = paths.offsets[id]!; c < paths.offsets[id + 1]! && k < kEnd; c++) {
    const ch = (paths.channels[c]! / V) | 0;
    node = t.neighbor((ch / P) | 0, ch % P);
    h++;
    if (node === plan.destPool[k]) {
      if (!hopsAt.has(node)) hopsAt.set(node, h);
      k++;
    }
  }
}

/** A tree worm: each destination at the depth of the first tree node at it (see trafficOf). */
function treeHops(plan: Plan, trees: PlanTrees, id: number, hopsAt: Map<number, number>): void {
  const a = trees.offsets[id]!;
  const b = trees.offsets[id + 1]!;
  const base = hopsAt.get(plan.senders[id]!) ?? 0;
  const depth = new Int32Array(b - a);
  const first = new Map<number, number>();
  for (let e = a; e < b; e++) {
    const p = trees.parents[e]!;
    // parents come first (PlanTrees), so depth[p] is known
    depth[e - a] = p < 0 ? 1 : depth[p]! + 1;
    const node = trees.nodes[e]!;
    if (!first.has(node)) first.set(node, depth[e - a]!);
  }
  first.set(plan.senders[id]!, 0);
  for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
    const d = plan.destPool[k]!;
    const h = first.get(d);
    if (h !== undefined && !hopsAt.has(d)) hopsAt.set(d, base + h);
  }
}

/** Hops of routing function r from a to b (INJECT at a). */
function routeLength(r: RoutingFunction, a: number, b: number): number {
  const t = r.topology;
  let node = a;
  let vc = INJECT;
  for (let h = 0; h <= 4 * t.nodes + 64; h++) {
    const word = r.route(node, b, vc);
    if (word === DELIVER) return h;
    node = t.neighbor(node, portOf(word));
    vc = word >> 8;
  }
  throw new Error(`${r.name} on ${t.spec}: no route from ${t.format(a)} to ${t.format(b)}`);
}

/**
 * Baseline 1 of seed 004 section 7.1: multiple one-to-one, a separate unicast from the source to
 * every destination by routing function r. Returns the traffic (sum of the route lengths).
 */
export function unicastTraffic(r: RoutingFunction, source: number, destinations: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < destinations.length; i++) sum += routeLength(r, source, destinations[i]!);
  return sum;
}

/**
 * Baseline 2 of seed 004 section 7.1: broadcast, delivering only at the destinations. A broadcast
 * tree spans every node, so its traffic is N - 1 ("for a broadcast with 1024 nodes, the traffic
 * generated is always 1023") and its additional traffic N - 1 - k.
 */
export function broadcastTraffic(t: Topology): number {
  return t.nodes - 1;
}
