import { WormcastError } from '../errors.ts';
import { unrankPermutation } from '../topology/star.ts';
import { DELIVER, pack, type RoutingFactory } from './types.ts';

/**
 * Minimal routing on the n-star (Akers, Harel and Krishnamurthy; the star graph of seed 003
 * section 4.2). Relabel the symbols so that the destination is the identity: sigma(i) is
 * the position, in the destination, of the symbol at position i of the current node.
 *   - if the front symbol is not in place (sigma(1) = j != 1), send it home: g_j;
 *   - otherwise swap in the first misplaced symbol: g_i for the smallest i with sigma(i) != i.
 * Each hop either places a symbol (shortening its cycle) or, when the front is in place,
 * opens the cycle at its lowest position, so the route takes exactly the distance of
 * Star.distance. The tie-break (the lowest misplaced position) makes it deterministic.
 * One VC class; wasm id 8.
 */
export const starMin: RoutingFactory = (topology) => {
  if (topology.kind !== 'star')
    throw new WormcastError(`routing star-min: needs a star graph (star:n), not ${topology.spec}`);
  const n = topology.dims[0]!;
  const cur = new Int8Array(n);
  const dst = new Int8Array(n);
  const pos = new Int8Array(n);
  return {
    name: 'star-min',
    topology,
    vcClasses: ['c'],
    minimal: true,
    wasmOption: 0,
    route(node, dest) {
      if (node === dest) return DELIVER;
      unrankPermutation(node, n, cur);
      unrankPermutation(dest, n, dst);
      for (let i = 0; i < n; i++) pos[dst[i]!] = i;
      const home = pos[cur[0]!]!;
      if (home !== 0) return pack(home - 1, 0); // port p applies g_{p+2}: position home+1 (1-based)
      for (let i = 1; i < n; i++) {
        if (pos[cur[i]!] !== i) return pack(i - 1, 0);
      }
      return DELIVER;
    },
  };
};
