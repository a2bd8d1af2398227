import { cubeChain } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree, uCubeCenter } from './chain-tree.ts';

/**
 * U-cube (seed 001 section 4.1, Fig. 4): the d0-relative dimension-ordered chain, split at
 * center = left + ceil((right - left) / 2). ceil(log2(m + 1)) steps for m destinations on
 * one-port, contention-free under E-cube routing.
 */
export const uCube: MulticastAlgorithm = {
  name: 'u-cube',
  summary: 'U-cube on the d0-relative dimension-ordered chain (seed 001 Fig. 4)',
  topologies: ['hypercube'],
  routings: ['ecube'],
  port: 'one',
  build(routing, source, destinations) {
    const { chain } = cubeChain(routing, source, destinations);
    return chainTree(routing, 'u-cube', chain, destinations, uCubeCenter);
  },
};
