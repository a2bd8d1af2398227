import { INJECT } from '../../routing/types.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { sortedCycle, sortedDestinations, sortedRouting } from './sorted-cycle.ts';
import { assemblePathPlan, RouteBuffer, routeWorm } from './worms.ts';

/**
 * Sorted multicast path, MP (seed 004 section 5.1, Figs. 5.1 and 5.2): one worm visits the
 * destinations in the order of a Hamiltonian cycle starting at the source, each hop going to the
 * neighbour furthest along the cycle without passing the next destination.
 */
export const sortedMp: MulticastAlgorithm = {
  name: 'sorted-mp',
  summary: 'one worm along a Hamiltonian cycle from the source (seed 004 section 5.1, Figs. 5.1, 5.2)',
  topologies: ['mesh', 'hypercube'],
  routings: ['label', 'label-detour'],
  port: 'one',
  build(routing, source, destinations) {
    const cycle = sortedCycle(routing, 'sorted-mp');
    const r = sortedRouting(routing, cycle, source);
    const dests = sortedDestinations(r.labelling!, destinations);
    const buf = new RouteBuffer(4 * destinations.length + 16);
    return assemblePathPlan(
      r,
      'sorted-mp',
      source,
      destinations,
      [routeWorm(r, 'cycle', source, dests, INJECT, buf)],
      buf,
    );
  },
};
