import { cubeChain } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree, uCubeCenter } from './chain-tree.ts';
import { highdim } from './highdim.ts';

/**
 * Combine (seed 001 section 4.1): U-cube's loop with next = max(highdim, center): use several
 * ports, but never leave one receiver with more than half of the chain.
 */
export const combine: MulticastAlgorithm = {
  name: 'combine',
  summary: 'Combine: U-cube with next = max(highdim, center) (seed 001 section 4.1)',
  topologies: ['hypercube'],
  routings: ['ecube'],
  port: 'all',
  build(routing, source, destinations) {
    const { keys, chain } = cubeChain(routing, source, destinations);
    return chainTree(routing, 'combine', chain, destinations, (left, right) =>
      Math.max(highdim(keys, left, right), uCubeCenter(left, right)),
    );
  },
};
