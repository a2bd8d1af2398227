import { VC_PH, VC_PL } from '../../routing/hcm-model.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { prepareFixed } from './hcm-prepare.ts';
import { labellingOf } from './split.ts';
import { assemblePathPlan, RouteBuffer, routeWorm } from './worms.ts';

/**
 * Fixed multicast routing of the Hamiltonian cycle model (seed 003 sections 3.1, 3.2.2): the
 * pivot half a cycle away from the source splits the destinations, so neither worm goes more
 * than half way round; routed as in hcm-uniform.
 */
export const hcmFixed: MulticastAlgorithm = {
  name: 'hcm-fixed',
  summary: 'HCM dual-path, destinations split at the pivot half a cycle away (seed 003 section 3.2.2)',
  topologies: ['torus', 'star'],
  routings: ['hcm'],
  port: 'all',
  build(routing, source, destinations) {
    const { high, low } = prepareFixed(labellingOf(routing, 'hcm-fixed'), source, destinations);
    const buf = new RouteBuffer(4 * destinations.length + 16);
    const worms = [routeWorm(routing, 'high', source, high, VC_PH, buf), routeWorm(routing, 'low', source, low, VC_PL, buf)];
    return assemblePathPlan(routing, 'hcm-fixed', source, destinations, worms, buf);
  },
};
