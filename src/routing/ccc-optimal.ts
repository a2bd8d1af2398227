import { WormcastError } from '../errors.ts';
import { ringCover } from '../topology/ccc-ring.ts';
import { DELIVER, type RoutingFactory } from './types.ts';

/**
 * Optimal CCC routing (seed 002, "Optimal Routing Algorithm"): cross the cube link
 * whenever the current cycle position is a distinguished one (its bit differs from
 * the destination cycle), otherwise take the first ring step of the shorter of seed
 * 002's cases I and II (ringCover), recomputed at every hop. Every route is a
 * shortest path. One VC class and wrap-around cycle edges: not deadlock-free.
 */
export const cccOptimal: RoutingFactory = (topology) => {
  if (topology.kind !== 'ccc')
    throw new WormcastError(`routing ccc-optimal: needs a ccc topology, not ${topology.spec}`);
  const n = topology.dims[0]!;
  return {
    name: 'ccc-optimal',
    topology,
    vcClasses: ['c'],
    minimal: true,
    wasmOption: 0,
    route(node, dest) {
      const i = node % n;
      const j = dest % n;
      const diff = ((node - i) / n) ^ ((dest - j) / n);
      if (((diff >>> i) & 1) !== 0) return 0;
      if (diff === 0 && i === j) return DELIVER;
      return ringCover(n, i, j, diff) & 3;
    },
  };
};
