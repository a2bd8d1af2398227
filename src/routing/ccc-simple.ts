import { WormcastError } from '../errors.ts';
import { CLOCKWISE, COUNTERCLOCKWISE } from '../topology/ccc-ring.ts';
import { DELIVER, type RoutingFactory } from './types.ts';

/**
 * Wittie's simple CCC routing as analysed in seed 002 ("Simple Routing Algorithm"):
 * (A) move clockwise (increasing cycle position, port 1), crossing the cube link at
 * every distinguished position, until the cycle address equals the destination's;
 * (B) take the shorter way round to the destination position (clockwise on a tie).
 * Not minimal; one VC class and wrap-around cycle edges: not deadlock-free.
 */
export const cccSimple: RoutingFactory = (topology) => {
  if (topology.kind !== 'ccc')
    throw new WormcastError(`routing ccc-simple: needs a ccc topology, not ${topology.spec}`);
  const n = topology.dims[0]!;
  return {
    name: 'ccc-simple',
    topology,
    vcClasses: ['c'],
    minimal: false,
    wasmOption: 0,
    route(node, dest) {
      const i = node % n;
      const j = dest % n;
      const diff = ((node - i) / n) ^ ((dest - j) / n);
      if (((diff >>> i) & 1) !== 0) return 0;
      if (diff !== 0) return CLOCKWISE;
      if (i === j) return DELIVER;
      const cw = j > i ? j - i : j - i + n;
      return cw <= n - cw ? CLOCKWISE : COUNTERCLOCKWISE;
    },
  };
};
