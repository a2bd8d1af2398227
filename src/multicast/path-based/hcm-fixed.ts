import type { MulticastAlgorithm } from '../types.ts';
import { hcmDualPath } from './hcm-dual.ts';
import { prepareFixed } from './hcm-prepare.ts';

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
    return hcmDualPath('hcm-fixed', routing, source, destinations, prepareFixed);
  },
};
