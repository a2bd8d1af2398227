import { INJECT, type RoutingFunction } from '../../routing/types.ts';
import type { Plan } from '../plan.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { labellingOf, splitHighLow } from './split.ts';
import { assemblePathPlan, RouteBuffer, routeWorm, type WormPart } from './worms.ts';

/**
 * Dual-path multicast (seed 004 section 6.2.2, Figs. 6.11 and 6.12; hypercube section 6.3):
 * one worm to the higher-labelled destinations in ascending label order through the high-channel
 * network, one to the lower-labelled ones in descending order through the low-channel network,
 * each moved by the label routing function R from destination to destination.
 */
export const dualPath: MulticastAlgorithm = {
  name: 'dual-path',
  summary: 'two label-sorted worms, high and low channel networks (seed 004 section 6.2.2, Figs. 6.11, 6.12)',
  topologies: ['mesh', 'hypercube'],
  routings: ['label', 'label-detour'],
  port: 'all',
  build: (routing, source, destinations) => dualPathPlan('dual-path', routing, source, destinations),
  // R (label, label-detour) is the engines' routing function too: they route each worm hop by hop
  buildUnrouted: (routing, source, destinations) => dualPathPlan('dual-path', routing, source, destinations, false),
};

/**
 * The dual-path plan under algorithm name `name`. adaptive-dual-path's carries no explicit routes:
 * the engines route its worms hop by hop, choosing among the routing function's choices; its
 * routes are then R's only for the evaluators that follow `routing.route`.
 */
export function dualPathPlan(
  name: string,
  routing: RoutingFunction,
  source: number,
  destinations: Int32Array,
  explicit = true,
): Plan {
  const { labelOf } = labellingOf(routing, name);
  const { high, low } = splitHighLow(labelOf, source, destinations);
  const buf = new RouteBuffer(4 * destinations.length + 16);
  // without explicit routes the plan carries none: no route is computed
  const worm = (network: string, dests: Int32Array): WormPart =>
    explicit ? routeWorm(routing, network, source, dests, INJECT, buf) : { network, dests, start: 0, end: 0 };
  const worms = [worm('high', high), worm('low', low)];
  return assemblePathPlan(routing, name, source, destinations, worms, buf, explicit);
}
