import { rChain } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree, uCccCenter } from './chain-tree.ts';

/**
 * U-CCC (seed 000 section 5, Fig. 5): the R-chain of the source and destinations (node ids are
 * in the dimension order <_d of Definition 3), split at center = left + ceil((right-left+1)/2).
 * ceil(log2 m) steps for m nodes on one-port and contention-free under HC / R_CCC (Theorem 3).
 */
export const uCcc: MulticastAlgorithm = {
  name: 'u-ccc',
  summary: 'U-CCC on the R-chain under HC routing with R_CCC virtual channels (seed 000 Fig. 5)',
  topologies: ['ccc'],
  routings: ['hc'],
  port: 'one',
  build(routing, source, destinations) {
    return chainTree(routing, 'u-ccc', rChain(source, destinations), destinations, uCccCenter);
  },
};
