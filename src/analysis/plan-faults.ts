import { healthyComponents, reachable } from '../fault/components.ts';
import type { FaultSet } from '../fault/fault-set.ts';
import { MESSAGE_KINDS, NONE, type Plan } from '../multicast/plan.ts';
import { DELIVER, INJECT, portOf, vcOf } from '../routing/types.ts';
import { deadChannels } from './fault-routes.ts';
import type { PlanPaths } from './paths.ts';

/** What a fault set does to one multicast's plan (docs/faults.md "Plans"). */
export interface PlanFaults {
  /** Per message: 1 when it is sent (its sender healthy and its trigger delivered to it). */
  readonly sent: Uint8Array;
  /** Per message: how many of its destinations, in delivery order, it delivers (a prefix). */
  readonly reached: Int32Array;
  /** The destinations of the multicast no copy reaches, ascending. */
  readonly undeliverable: number[];
  /** How many of those no route could reach: faulty, or cut off from the source. */
  readonly unreachable: number;
}

/**
 * Which destinations of a plan the faults keep from their copies, computed before any worm is
 * sent. A unicast or path worm follows its hops (paths, from tracePlan) and delivers at each of
 * its destinations it reaches; it stops before its first dead channel, so a path worm delivers
 * the destinations ahead of the fault and none after. A tree worm moves in lock-step, so one dead
 * edge keeps its whole tree from starting. A message whose trigger did not reach its sender is
 * never sent (software forwarding; seed 001), nor is one from a faulty node.
 */
export function planFaults(plan: Plan, paths: PlanPaths, f: FaultSet): PlanFaults {
  const t = plan.topology;
  const dead = deadChannels(plan.routing, f);
  const got = new Uint8Array(t.nodes);
  // per message: how many of its destinations (a prefix, in delivery order) it delivers
  const reached = new Int32Array(plan.count);
  const delivers = (id: number, node: number): boolean => {
    const at = plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!).indexOf(node);
    return at >= 0 && at < reached[id]!;
  };
  const sent = new Uint8Array(plan.count);
  const treeKind = MESSAGE_KINDS.indexOf('tree');
  for (let id = 0; id < plan.count; id++) {
    const from = plan.senders[id]!;
    const after = plan.afters[id]!;
    if (f.nodeMask[from] === 1 || (after !== NONE && !delivers(after, from))) continue;
    const dests = plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!);
    if (plan.kinds[id] === treeKind && plan.trees) {
      let cut = false;
      for (let e = plan.trees.offsets[id]!; e < plan.trees.offsets[id + 1]!; e++) {
        const phys = Math.floor(plan.trees.channels[e]! / paths.vcs);
        if (dead[phys] === 1) cut = true;
      }
      if (cut) continue;
      sent[id] = 1;
      reached[id] = dests.length;
      for (const d of dests) got[d] = 1;
      continue;
    }
    sent[id] = 1;
    let next = 0;
    for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]! && next < dests.length; h++) {
      const phys = Math.floor(paths.channels[h]! / paths.vcs);
      if (dead[phys] === 1) break;
      const to = t.neighbor(Math.floor(phys / t.ports), phys % t.ports);
      if (to === dests[next]) {
        got[to] = 1;
        next++;
      }
    }
    reached[id] = next;
  }
  const c = healthyComponents(t, f);
  const undeliverable: number[] = [];
  let unreachable = 0;
  for (const d of plan.destinations) {
    if (got[d] === 1) continue;
    undeliverable.push(d);
    if (!reachable(c, plan.source, d)) unreachable++;
  }
  return { sent, reached, undeliverable, unreachable };
}

/**
 * tracePlan (src/analysis/paths.ts) on a faulty network: each message's hops as far as its first
 * dead channel, that hop included, and no further (what lies beyond is never travelled, and a
 * fault-tolerant function's route towards a faulty node need not end). Plans with explicit routes
 * are returned whole. A route longer than 4 x nodes + 64 hops is cut there: it delivers nothing more.
 */
export function tracePlanToFaults(plan: Plan, f: FaultSet): PlanPaths {
  const r = plan.routing;
  const t = plan.topology;
  const vcs = r.vcClasses.length;
  if (plan.routes) return { offsets: plan.routes.offsets, channels: plan.routes.channels, vcs };
  const maxHops = 4 * t.nodes + 64;
  const deadMask = deadChannels(r, f);
  const offsets = new Int32Array(plan.count + 1);
  const channels: number[] = [];
  for (let id = 0; id < plan.count; id++) {
    let at = plan.senders[id]!;
    let hops = 0;
    let dead = false;
    for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]! && !dead; k++) {
      const to = plan.destPool[k]!;
      let vc = INJECT;
      let inPort = -1;
      for (;;) {
        const word = r.route(at, to, vc, 0, inPort);
        if (word === DELIVER || hops >= maxHops) break;
        const port = portOf(word);
        vc = vcOf(word);
        channels.push((at * t.ports + port) * vcs + vc);
        hops++;
        if (deadMask[at * t.ports + port] === 1) {
          dead = true;
          break;
        }
        at = t.neighbor(at, port);
        inPort = port;
      }
      if (hops >= maxHops) break;
    }
    offsets[id + 1] = channels.length;
  }
  return { offsets, channels: Int32Array.from(channels), vcs };
}
