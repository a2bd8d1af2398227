import { deadChannels, routeHealthy } from '../../analysis/fault-routes.ts';
import type { PlanPaths } from '../../analysis/paths.ts';
import { planFaults, tracePlanToFaults } from '../../analysis/plan-faults.ts';
import { planWorms } from '../../engine/plan-worms.ts';
import type { WormSpec } from '../../engine/types.ts';
import { findAlgorithm } from '../../engine/workload.ts';
import type { FaultSet } from '../../fault/fault-set.ts';
import { normalizeDestinations } from '../../multicast/destinations.ts';
import { MESSAGE_KINDS, type Plan } from '../../multicast/plan.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import type { Topology } from '../../topology/types.ts';
import type { TrafficEvent } from './traffic.ts';

/** One traffic event on a faulty network: what is sent, and what is counted undeliverable. */
export interface FaultyEvent {
  /** The destinations that will receive a copy (the multicast completes when they have). */
  readonly dests: number[];
  readonly worms: WormSpec[];
  /** Destinations no copy can reach: counted, never sent (docs/faults.md "simulate"). */
  readonly undeliverable: number;
}

/**
 * The worms of event e under fault set f, computed before anything is sent: a unicast whose
 * route crosses a dead channel (or whose end is faulty) is not sent; a multicast's plan keeps the
 * worms planFaults (src/analysis/plan-faults.ts) says are sent and deliver something, a path
 * worm cut to the destinations ahead of its first dead channel, and a forwarded worm renumbered
 * after the worms dropped before it. The engines then never meet a dead channel.
 */
export function faultyEventWorms(
  e: TrafficEvent,
  algorithm: string,
  routing: RoutingFunction,
  flits: number,
  group: number,
  f: FaultSet,
): FaultyEvent {
  if (algorithm === 'unicast') {
    const d = e.dests[0]!;
    if (e.src === d ? f.nodeMask[d] === 0 : routeHealthy(routing, f, e.src, d))
      return {
        dests: e.dests,
        worms: [{ kind: 'unicast', src: e.src, dests: e.dests, flits, created: e.created, group }],
        undeliverable: 0,
      };
    return { dests: [], worms: [], undeliverable: 1 };
  }
  const algo = findAlgorithm(algorithm);
  const wanted = normalizeDestinations(routing.topology, e.src, e.dests);
  let plan = algo.build(routing, e.src, wanted);
  const unicastKind = MESSAGE_KINDS.indexOf('unicast');
  if (plan.kinds.every((k) => k === unicastKind)) {
    // a tree of unicasts is rebuilt over the destinations the source can reach by the routing:
    // no faulty or cut-off node is then a forwarder, and one that could be is replaced
    // (docs/faults.md "Fault-tolerant multicast")
    const ok = wanted.filter((d) => routeHealthy(routing, f, e.src, d));
    if (ok.length === 0) return { dests: [], worms: [], undeliverable: wanted.length };
    if (ok.length < wanted.length) plan = algo.build(routing, e.src, ok);
  }
  const cut = planWormsUnderFaults(plan, f, e.created, flits, group);
  return { ...cut, undeliverable: wanted.length - cut.dests.length };
}

/**
 * The worms of one multicast's plan under fault set f (each created at `created`, in group
 * `group`): those planFaults says are sent and deliver something, a path worm cut to the
 * destinations ahead of its first dead channel, a forwarded worm renumbered after the worms
 * dropped before it; `undeliverable` counts the plan's destinations no copy reaches. Plans with
 * explicit routes (a plan file) are cut along them.
 */
export function planWormsUnderFaults(
  plan: Plan,
  f: FaultSet,
  created: number,
  flits: number,
  group: number,
): FaultyEvent {
  const paths = tracePlanToFaults(plan, f);
  const lost = planFaults(plan, paths, f);
  const dead = deadChannels(plan.routing, f);
  const all = planWorms(plan, created, flits, group, 0);
  const index = new Int32Array(plan.count).fill(-1);
  const worms: WormSpec[] = [];
  for (let id = 0; id < plan.count; id++) {
    const reached = lost.reached[id]!;
    if (lost.sent[id] !== 1 || reached === 0) continue;
    const w = { ...all[id]! };
    if (w.after !== undefined) w.after = index[w.after]!;
    // a path worm on an explicit route is a chain tree (planWorms), and its route may go on past its
    // last destination (sorted MC's route along its cycle): a dead channel there cuts it too
    const explicitPath = w.tree !== undefined && plan.routes !== undefined && MESSAGE_KINDS[plan.kinds[id]!] === 'path';
    if (reached < w.dests.length || (explicitPath && crossesDead(paths, id, dead))) {
      w.dests = w.dests.slice(0, reached);
      // cut after the hop that reaches its last delivered destination
      if (explicitPath) w.tree = w.tree!.slice(0, hopsTo(plan.topology, paths, id, w.dests));
    }
    index[id] = worms.length;
    worms.push(w);
  }
  const gone = new Set(lost.undeliverable);
  const dests = Array.from(plan.destinations).filter((d) => !gone.has(d));
  return { dests, worms, undeliverable: gone.size };
}

/** Whether message id's traced route crosses a dead physical channel anywhere. */
function crossesDead(paths: PlanPaths, id: number, dead: Uint8Array): boolean {
  for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]!; h++)
    if (dead[Math.floor(paths.channels[h]! / paths.vcs)] === 1) return true;
  return false;
}

/** Hops of message id's path up to and including the one that reaches the last of `dests`. */
function hopsTo(t: Topology, paths: PlanPaths, id: number, dests: readonly number[]): number {
  let next = 0;
  for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]!; h++) {
    const phys = Math.floor(paths.channels[h]! / paths.vcs);
    if (t.neighbor(Math.floor(phys / t.ports), phys % t.ports) === dests[next] && ++next === dests.length)
      return h - paths.offsets[id]! + 1;
  }
  throw new Error(`fault-events: message ${id} does not reach its destinations`);
}
