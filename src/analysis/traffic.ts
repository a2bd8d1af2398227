import type { Plan } from '../multicast/plan.ts';
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
 */
export function trafficOf(plan: Plan, paths: PlanPaths = tracePlan(plan)): TrafficMetrics {
  const t = plan.topology;
  const P = t.ports;
  const V = paths.vcs;
  const hopsAt = new Map<number, number>();
  hopsAt.set(plan.source, 0);
  for (let id = 0; id < plan.count; id++) {
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
  return { traffic, additionalTraffic: traffic - k, worms: plan.count, hops, maxHops: max, meanHops: k > 0 ? sum / k : 0 };
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
