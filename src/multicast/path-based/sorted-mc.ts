import { INJECT } from '../../routing/types.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { sortedCycle, sortedDestinations, sortedRouting } from './sorted-cycle.ts';
import { assemblePathPlan, pushHop, RouteBuffer, routeWorm } from './worms.ts';

/**
 * Sorted multicast cycle, MC (seed 004 section 5.1, last paragraph): the sorted MP worm with the
 * source appended with key h(u0) + m, so after the last destination it goes on round the cycle
 * back to the source. The source receives nothing; the closing hops count in the route.
 */
export const sortedMc: MulticastAlgorithm = {
  name: 'sorted-mc',
  summary: 'the sorted MP worm closed back to the source (seed 004 section 5.1)',
  topologies: ['mesh', 'hypercube'],
  routings: ['label', 'label-detour'],
  port: 'one',
  build(routing, source, destinations) {
    const cycle = sortedCycle(routing, 'sorted-mc');
    const r = sortedRouting(routing, cycle, source);
    const rot = r.labelling!;
    const dests = sortedDestinations(rot, destinations);
    const buf = new RouteBuffer(4 * destinations.length + 16);
    const worm = routeWorm(r, 'cycle', source, dests, INJECT, buf);
    if (dests.length > 0) {
      // The closing leg: Fig. 5.2 step 3 with f(u0) = h(u0) + m, the largest key of all, so the
      // worm takes the neighbour furthest along the cycle, and the source itself once adjacent.
      const t = r.topology;
      const m = t.nodes;
      let at = dests[dests.length - 1]!;
      while (at !== source) {
        let best = -1;
        let bestKey = -1;
        for (let p = 0; p < t.ports; p++) {
          const w = t.neighbor(at, p);
          if (w < 0) continue;
          const key = w === source ? m : rot.labelOf[w]!;
          if (key > bestKey) {
            bestKey = key;
            best = w;
          }
        }
        pushHop(r, buf, at, best, 0);
        at = best;
      }
    }
    return assemblePathPlan(r, 'sorted-mc', source, destinations, [{ ...worm, end: buf.length }], buf);
  },
};
