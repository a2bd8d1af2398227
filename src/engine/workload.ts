import { WormcastError } from '../errors.ts';
import { NONE, type Plan } from '../multicast/plan.ts';
import { normalizeDestinations } from '../multicast/destinations.ts';
import { PATH_BASED_ALGORITHMS } from '../multicast/path-based/index.ts';
import { MULTICAST_ALGORITHMS } from '../multicast/registry.ts';
import type { MulticastAlgorithm } from '../multicast/types.ts';
import type { RoutingFunction } from '../routing/types.ts';
import type { TreeEdge, WormSpec } from './types.ts';

/** A message to deliver: created at a cycle, from src to one (unicast) or more destinations. */
export interface MulticastEvent {
  created: number;
  src: number;
  dests: number[];
}

/**
 * The worms of a run and, for statistics, the multicasts (or unicasts) they serve:
 * multicast k was created at `created[k]`, has destinations `dests[k]`, and its worms are
 * `firstWorm[k] .. firstWorm[k + 1] - 1` (all with group k).
 */
export interface Workload {
  worms: WormSpec[];
  created: Int32Array;
  firstWorm: Int32Array;
  dests: number[][];
  /** Message flits per multicast. */
  flits: number;
}

/** An explicit path route (the VC ids of a plan's `routes`) as a chain tree worm's edges. */
function chainEdges(routing: RoutingFunction, vcs: ArrayLike<number>): TreeEdge[] {
  const V = routing.vcClasses.length;
  const P = routing.topology.ports;
  const edges: TreeEdge[] = [];
  for (let i = 0; i < vcs.length; i++) {
    const vc = vcs[i]!;
    edges.push({ parent: i - 1, port: Math.floor(vc / V) % P, vc: vc % V });
  }
  return edges;
}

/**
 * Append the messages of one Plan as worms created at `created` (software forwarding: a
 * message with `after` starts when its trigger's tail reaches its sender).
 */
export function planWorms(plan: Plan, created: number, flits: number, group: number, base: number): WormSpec[] {
  const out: WormSpec[] = [];
  for (let id = 0; id < plan.count; id++) {
    const m = plan.message(id);
    const spec: WormSpec = { kind: m.kind, src: m.from, dests: m.dests, flits, group };
    if (m.after === NONE) spec.created = created;
    else spec.after = base + m.after;
    if (m.kind === 'tree') {
      const tr = plan.trees;
      if (!tr)
        throw new WormcastError(`plan ${plan.algorithm}: message ${id} is a tree worm but the plan carries no trees`);
      const V = plan.routing.vcClasses.length;
      const P = plan.topology.ports;
      const edges: TreeEdge[] = [];
      for (let e = tr.offsets[id]!; e < tr.offsets[id + 1]!; e++) {
        const vc = tr.channels[e]!;
        edges.push({ parent: tr.parents[e]!, port: Math.floor(vc / V) % P, vc: vc % V });
      }
      spec.tree = edges;
    }
    if (m.kind === 'path' && plan.routes) {
      const r = plan.routes;
      spec.kind = 'tree';
      spec.tree = chainEdges(plan.routing, r.channels.subarray(r.offsets[id]!, r.offsets[id + 1]!));
    }
    out.push(spec);
  }
  return out;
}

/**
 * A multicast algorithm by name: the unicast-based registry, then the path-based algorithms
 * (not all of which the main registry lists yet); unknown names list the known ones.
 */
export function findAlgorithm(name: string): MulticastAlgorithm {
  // own properties only: 'constructor' or '__proto__' must not find Object.prototype's members
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, name)
    ? MULTICAST_ALGORITHMS[name]
    : Object.hasOwn(PATH_BASED_ALGORITHMS, name)
      ? PATH_BASED_ALGORITHMS[name]
      : undefined;
  if (!a) {
    const known = [
      'unicast',
      ...new Set([...Object.keys(MULTICAST_ALGORITHMS), ...Object.keys(PATH_BASED_ALGORITHMS)]),
    ];
    throw new WormcastError(`unknown algorithm '${name}': expected one of ${known.join(', ')}`);
  }
  return a;
}

/**
 * Turn generated traffic into worms: `unicast` makes one worm per event; any other name is a
 * multicast algorithm of src/multicast/registry.ts, whose Plan for each event becomes its worms.
 */
export function buildWorkload(
  events: readonly MulticastEvent[],
  algorithm: string,
  routing: RoutingFunction,
  flits: number,
): Workload {
  const worms: WormSpec[] = [];
  const created = new Int32Array(events.length);
  const firstWorm = new Int32Array(events.length + 1);
  const dests: number[][] = [];
  events.forEach((e, k) => {
    created[k] = e.created;
    firstWorm[k] = worms.length;
    dests.push(e.dests);
    if (algorithm === 'unicast') {
      if (e.dests.length !== 1)
        throw new WormcastError(`algorithm unicast: event ${k} has ${e.dests.length} destinations`);
      worms.push({ kind: 'unicast', src: e.src, dests: e.dests, flits, created: e.created, group: k });
    } else {
      const plan = findAlgorithm(algorithm).build(
        routing,
        e.src,
        normalizeDestinations(routing.topology, e.src, e.dests),
      );
      worms.push(...planWorms(plan, e.created, flits, k, worms.length));
    }
  });
  firstWorm[events.length] = worms.length;
  return { worms, created, firstWorm, dests, flits };
}
