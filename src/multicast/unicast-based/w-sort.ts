import { cubeChain, weightedSort } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree } from './chain-tree.ts';
import { highdim } from './highdim.ts';

/**
 * W-sort (seed 001 section 4.2): sort into the d0-relative dimension order, permute with
 * weighted_sort (Fig. 7) so that every subcube's more populated half comes first, then run
 * Maxport on the weighted chain. Contention-free on all-port (Theorem 6).
 */
export const wSort: MulticastAlgorithm = {
  name: 'w-sort',
  summary: 'W-sort: weighted_sort (seed 001 Fig. 7) followed by Maxport',
  topologies: ['hypercube'],
  routings: ['ecube'],
  port: 'all',
  build(routing, source, destinations) {
    const { keys, chain } = cubeChain(routing, source, destinations, (k, n) => weightedSort(k, 0, k.length - 1, n));
    return chainTree(routing, 'w-sort', chain, destinations, (left, right) => highdim(keys, left, right));
  },
};
