import type { MulticastAlgorithm } from '../types.ts';
import { hcmDualPath } from './hcm-dual.ts';
import { prepareUniform } from './hcm-prepare.ts';

/**
 * Uniform multicast routing of the Hamiltonian cycle model (seed 003 sections 3.1, 3.2.1): the
 * destinations in cycle order from the source, the first half to the high-channel worm M^h, the
 * rest (reversed) to the low-channel worm M^l; both moved by the hcm routing function R, each
 * starting on its network's p-channel and keeping its class across destinations.
 */
export const hcmUniform: MulticastAlgorithm = {
  name: 'hcm-uniform',
  summary: 'HCM dual-path, destinations split half and half along the cycle (seed 003 section 3.2.1)',
  topologies: ['torus', 'star'],
  routings: ['hcm'],
  port: 'all',
  build(routing, source, destinations) {
    return hcmDualPath('hcm-uniform', routing, source, destinations, prepareUniform);
  },
};
