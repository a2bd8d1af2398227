import type { Grid } from '../../topology/grid.ts';
import { correctionOrder, meshOrderKey, rChain } from '../chains.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { chainTree, uCccCenter } from './chain-tree.ts';

/**
 * U-mesh (seed 001 reference [9]) as wormcast builds it: the R-chain (seed 000 Definition 6) in
 * the mesh dimension order whose most significant key is the dimension `dor` corrects first,
 * split by the recursive-doubling rule of seed 000 Fig. 5 (docs/algorithms-unicast.md, u-mesh).
 * Under fault-ring (e-cube round fault blocks, docs/routing-faults.md) the order is e-cube's, x
 * then y, as dor's: what its detours do to the chain's contention freedom is not claimed.
 */
export const uMesh: MulticastAlgorithm = {
  name: 'u-mesh',
  summary: 'U-mesh: recursive doubling on the dimension-ordered R-chain of a mesh under dor (seed 001 ref. [9])',
  topologies: ['mesh'],
  routings: ['dor', 'fault-ring'],
  port: 'one',
  build(routing, source, destinations) {
    const g = routing.topology as Grid;
    // fault-ring's detours must not change the order: a faulty corner would make its trace turn
    const { key, unkey } = meshOrderKey(g, routing.name === 'fault-ring' ? [0, 1] : correctionOrder(routing, g));
    return chainTree(routing, 'u-mesh', rChain(source, destinations, key, unkey), destinations, uCccCenter);
  },
};
