import { INJECT } from '../../routing/types.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { hamiltonianPathRouting } from './hp-routing.ts';
import { labellingOf, splitHighLow } from './split.ts';
import { assemblePathPlan, RouteBuffer, routeWorm } from './worms.ts';

/**
 * Dual-path multicast (seed 004 Figs. 6.11, 6.12) on the Hamiltonian *path* model of the torus
 * and star graph: the baseline of seed 003's Figs. 5 and 6. The labels are the hcm routing
 * function's cycle read as a path 0 .. N-1; the plan's routing function is the label rule over
 * them (hp-routing.ts), with high and low networks and no boundary links.
 */
export const hpDualPath: MulticastAlgorithm = {
  name: 'hp-dual-path',
  summary: 'dual-path on the Hamiltonian path labelling of torus and star (seed 003 Figs. 5, 6 baseline)',
  topologies: ['torus', 'star'],
  routings: ['hcm'],
  port: 'all',
  build(routing, source, destinations) {
    const r = hamiltonianPathRouting(routing.topology, labellingOf(routing, 'hp-dual-path'));
    const { high, low } = splitHighLow(r.labelling!.labelOf, source, destinations);
    const buf = new RouteBuffer(4 * destinations.length + 16);
    const worms = [routeWorm(r, 'high', source, high, INJECT, buf), routeWorm(r, 'low', source, low, INJECT, buf)];
    return assemblePathPlan(r, 'hp-dual-path', source, destinations, worms, buf);
  },
};
