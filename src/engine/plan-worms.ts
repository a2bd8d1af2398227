import { WormcastError } from '../errors.ts';
import { MESSAGE_KINDS, NONE, type Plan } from '../multicast/plan.ts';
import type { TreeEdge, WormSpec } from './types.ts';

/*
 * The one conversion from the multicast layer's Plans (shared/DESIGN.md "Plans") to the engine's
 * worms (docs/model-flit.md "Worms and slots"). The multicast layer knows nothing of the engine
 * (docs/architecture.md "Layers"): simulate, experiments, the seed scenarios, the web app and the
 * tests all turn plans into worms here.
 */

/**
 * A plan channel id, (node * ports + port) * V + class (PlanRoutes, PlanTrees), as the port and
 * class of an engine tree edge whose parent is edge `parent`.
 */
function edgeOf(plan: Plan, channel: number, parent: number): TreeEdge {
  const V = plan.routing.vcClasses.length;
  const P = plan.topology.ports;
  return { parent, port: Math.floor(channel / V) % P, vc: channel % V };
}

/** The tree of tree message `id` as the engine's edge list, parents first (PlanTrees order). */
export function treeEdges(plan: Plan, id: number): TreeEdge[] {
  const tr = plan.trees;
  if (!tr)
    throw new WormcastError(`plan ${plan.algorithm}: message ${id} is a tree worm but the plan carries no trees`);
  const out: TreeEdge[] = [];
  for (let e = tr.offsets[id]!; e < tr.offsets[id + 1]!; e++) out.push(edgeOf(plan, tr.channels[e]!, tr.parents[e]!));
  return out;
}

/**
 * The explicit route of path message `id` (PlanRoutes) as a chain: a tree worm without branches,
 * so that the engine follows the plan's channels instead of the routing function.
 */
function routeEdges(plan: Plan, id: number): TreeEdge[] {
  const r = plan.routes!;
  const out: TreeEdge[] = [];
  for (let e = r.offsets[id]!; e < r.offsets[id + 1]!; e++)
    out.push(edgeOf(plan, r.channels[e]!, e - r.offsets[id]! - 1));
  return out;
}

/**
 * The messages of one Plan as worms, one per message in message order, all of multicast `group`,
 * each of `flits` flits. A message the source sends on its own is created at `created`; one with a
 * trigger (`after`, software forwarding) starts when its trigger's tail reaches its sender, and
 * names it by its index in the whole worm list, where this plan's first worm is worm `base`.
 * Tree messages carry their tree; path messages with an explicit route become a chain tree worm.
 */
export function planWorms(plan: Plan, created: number, flits: number, group: number, base: number): WormSpec[] {
  const out: WormSpec[] = [];
  // the plan's columns read directly: Plan.message would also copy each address field, which
  // no worm carries (a streamed multicast run converts a plan per message, issue 29)
  const pool = plan.destPool;
  for (let id = 0; id < plan.count; id++) {
    const kind = MESSAGE_KINDS[plan.kinds[id]!]!;
    const dests: number[] = [];
    for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) dests.push(pool[k]!);
    const spec: WormSpec = { kind, src: plan.senders[id]!, dests, flits, group };
    const after = plan.afters[id]!;
    if (after === NONE) spec.created = created;
    else spec.after = base + after;
    if (kind === 'tree') spec.tree = treeEdges(plan, id);
    if (kind === 'path' && plan.routes) {
      spec.kind = 'tree';
      spec.tree = routeEdges(plan, id);
    }
    out.push(spec);
  }
  return out;
}
