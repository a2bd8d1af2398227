import type { Grid } from '../../topology/grid.ts';
import { correctionOrder, meshOrderKey, rChain } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree, uCccCenter } from './chain-tree.ts';

/**
 * U-mesh (seed 001 reference [9]) as wormcast builds it: the R-chain (seed 000 Definition 6) in
 * the mesh dimension order whose most significant key is the dimension `dor` corrects first,
 * split by the recursive-doubling rule of seed 000 Fig. 5 (docs/algorithms-unicast.md, u-mesh).
 */
export const uMesh: MulticastAlgorithm = {
  name: 'u-mesh',
  summary: 'U-mesh: recursive doubling on the dimension-ordered R-chain of a mesh under dor (seed 001 ref. [9])',
  topologies: ['mesh'],
  routings: ['dor'],
  port: 'one',
  build(routing, source, destinations) {
    const g = routing.topology as Grid;
    const { key, unkey } = meshOrderKey(g, correctionOrder(routing, g));
    return chainTree(routing, 'u-mesh', rChain(source, destinations, key, unkey), destinations, uCccCenter);
  },
};
