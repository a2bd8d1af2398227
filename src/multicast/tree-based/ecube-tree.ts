import type { MulticastAlgorithm } from '../types.ts';
import { routeUnion, treePlan } from './tree.ts';

/**
 * The E-cube broadcast/multicast tree (seed 004 section 6.1, after the nCUBE-2): the union of the
 * E-cube routes from the source to every destination, one tree worm.
 */
export const ecubeTree: MulticastAlgorithm = {
  name: 'ecube-tree',
  summary: 'E-cube multicast tree, replicated in routers (seed 004 section 6.1; deadlocks, Fig. 6.1)',
  topologies: ['hypercube'],
  routings: ['ecube'],
  port: 'one',
  build(routing, source, destinations) {
    return treePlan(routing, 'ecube-tree', source, destinations, [routeUnion(routing, source, destinations)]);
  },
};
