import { WormcastError } from '../errors.ts';
import { DELIVER, pack, type RoutingFactory } from './types.ts';

/** R_CCC virtual-channel classes (seed 000 section 3, Fig. 3), by route-word vc index. */
export const HC_VC = { h0: 0, h1: 1, l0: 2, l1: 3, cube: 4 } as const;

/**
 * HC routing (seed 000 section 2, Definition 2) with the R_CCC virtual-channel function
 * (seed 000 section 3). At (i, x) for (j, y): if x != y and i = d_xy (the highest
 * differing bit), take the hypercube edge; otherwise move along the cycle, never
 * through its wrap-around edge, towards k = d_xy (x != y) or k = j (x = y): upwards
 * (port 1) on h0 when x <= y and h1 when x > y, downwards (port 2) on l0 when x < y
 * and l1 when x >= y. Deadlock-free and, with the U-CCC ordering, contention-free;
 * not minimal. See docs/routing-ccc.md for the reading of the printed case table.
 */
export const hc: RoutingFactory = (topology) => {
  if (topology.kind !== 'ccc') throw new WormcastError(`routing hc: needs a ccc topology, not ${topology.spec}`);
  const n = topology.dims[0]!;
  return {
    name: 'hc',
    topology,
    vcClasses: ['h0', 'h1', 'l0', 'l1', 'cube'],
    minimal: false,
    wasmOption: 0,
    route(node, dest) {
      const i = node % n;
      const x = (node - i) / n;
      const j = dest % n;
      const y = (dest - j) / n;
      let k: number;
      if (x !== y) {
        k = 31 - Math.clz32(x ^ y);
        if (k === i) return pack(0, HC_VC.cube);
      } else {
        if (i === j) return DELIVER;
        k = j;
      }
      if (k > i) return pack(1, x <= y ? HC_VC.h0 : HC_VC.h1);
      return pack(2, x < y ? HC_VC.l0 : HC_VC.l1);
    },
  };
};
