import { cubeChain } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree } from './chain-tree.ts';
import { highdim } from './highdim.ts';

/**
 * Maxport (seed 001 section 4.1): U-cube's loop with next = highdim, so a sender sends one
 * unicast into every dimension in which it still has destinations, each on its own channel.
 */
export const maxport: MulticastAlgorithm = {
  name: 'maxport',
  summary: 'Maxport: U-cube with next = highdim, one unicast per outgoing channel (seed 001 section 4.1)',
  topologies: ['hypercube'],
  routings: ['ecube'],
  port: 'all',
  build(routing, source, destinations) {
    const { keys, chain } = cubeChain(routing, source, destinations);
    return chainTree(routing, 'maxport', chain, destinations, (left, right) => highdim(keys, left, right));
  },
};
